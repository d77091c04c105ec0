// Loads the expansion (with its revision) and every other expansion on disk (dependencies,
// validation). Browser only: the editor keeps unsaved work in localStorage.
import { error } from '@sveltejs/kit';
import { loadExpansion } from '$lib/editor/api.ts';
import { listExpansionSummaries, loadAvailable } from '$lib/editor/library.ts';
import type { LayoutLoad } from './$types';

export const ssr = false;

export const load: LayoutLoad = async ({ params, fetch }) => {
	const [loaded, list] = await Promise.all([loadExpansion(fetch, params.id), listExpansionSummaries(fetch)]);
	if (!loaded.ok) error(loaded.status, loaded.message);
	const available = await loadAvailable(
		fetch,
		list.map((e) => e.id).filter((id) => id !== params.id)
	);
	available.set(loaded.doc.id, loaded.doc);
	return { id: params.id, loaded, list, available };
};
