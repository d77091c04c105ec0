// The tile editor's canvas library starts loading with the expansion's data, not after it. Monaco
// (3 MB) does not: the page loads it once the canvas is drawn (JsonEditor's `load`), so it neither
// holds up the server's answers the page waits for nor the main thread.
import type { PageLoad } from './$types';

export const load: PageLoad = () => {
	void import('konva');
	return {};
};
