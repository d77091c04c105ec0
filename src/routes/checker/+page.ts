// The checker runs in the browser (Web Workers): every expansion on disk is loaded, as for the sandbox.
import { listExpansionSummaries, loadAvailable } from '$lib/editor/library.ts';
import type { PageLoad } from './$types';

export const ssr = false;

export const load: PageLoad = async ({ fetch }) => {
	const list = await listExpansionSummaries(fetch);
	const available = await loadAvailable(fetch, list.map((e) => e.id));
	return { list, available };
};
