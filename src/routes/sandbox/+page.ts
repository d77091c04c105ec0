// The sandbox loads every expansion on disk (the documents are small) and runs in the browser only:
// the board is Konva, and a designer's unsaved draft comes from localStorage.
import { listExpansionSummaries, loadAvailable } from '$lib/editor/library.ts';
import type { PageLoad } from './$types';

export const ssr = false;

export const load: PageLoad = async ({ fetch }) => {
	const list = await listExpansionSummaries(fetch);
	const available = await loadAvailable(fetch, list.map((e) => e.id));
	return { list, available };
};
