// The checker runs in the browser (Web Workers): every expansion on disk is loaded, as for the sandbox.
import { loadLibrary } from '$lib/editor/library.ts';
import type { PageLoad } from './$types';

export const ssr = false;

export const load: PageLoad = async ({ fetch }) => loadLibrary(fetch);
