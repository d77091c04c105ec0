// The tile editor's heavy parts start loading with the expansion's data, not after it: Konva first
// (the canvas's places), then Monaco (larger), so the canvas is not kept waiting behind the editor.
import { loadMonaco } from '$lib/editor/monaco.ts';
import type { PageLoad } from './$types';

export const load: PageLoad = () => {
	void import('konva').finally(() => loadMonaco());
	return {};
};
