// Loads the expansion (with its revision) and every other expansion on disk (dependencies,
// validation). Browser only: the editor keeps unsaved work in localStorage.
import { error } from '@sveltejs/kit';
import { loadExpansion } from '$lib/editor/api.ts';
import { loadLibrary } from '$lib/editor/library.ts';
import { withEarlyAnswers } from '$lib/editor/early.ts';
import type { LayoutLoad } from './$types';

export const ssr = false;

export const load: LayoutLoad = async ({ params, fetch }) => {
	// two requests at once (the document with its revision; the library with every document), on a
	// first visit already asked for by the page's HTML
	const get = withEarlyAnswers(fetch);
	const [loaded, { list, available }] = await Promise.all([
		loadExpansion(get, params.id),
		loadLibrary(get)
	]);
	if (!loaded.ok) error(loaded.status, loaded.message);
	available.delete(params.id);
	available.set(loaded.doc.id, loaded.doc);
	return { id: params.id, loaded, list, available };
};
