// The tile editor's heavy parts (Monaco, Konva) start loading with the expansion's data, not after
// it: the page is interactive as soon as the tile is there.
import { loadMonaco } from '$lib/editor/monaco.ts';
import type { PageLoad } from './$types';

export const load: PageLoad = () => {
	void loadMonaco();
	void import('konva');
	return {};
};
