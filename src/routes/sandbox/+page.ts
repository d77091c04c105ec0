// The sandbox loads every expansion on disk (the documents are small) and runs in the browser only:
// the board is Konva, and a designer's unsaved draft comes from localStorage.
import { loadLibrary } from '$lib/editor/library.ts';
import { withEarlyAnswers } from '$lib/editor/early.ts';
import type { PageLoad } from './$types';

export const ssr = false;

export const load: PageLoad = async ({ fetch }) => {
	return loadLibrary(withEarlyAnswers(fetch));
};
