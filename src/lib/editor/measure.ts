// The tile editor's performance.measure entries (read by bench/browser/editor-typing.ts and the
// browser's performance panel), bounded: the browser keeps user timing entries until they are
// cleared, and an editing session makes two for every keystroke.

/** Entries of one name kept at most; past it, that name's entries start again from none. */
export const MEASURES_KEPT = 5000;

const counts = new Map<string, number>();

export function measure(name: string, options: PerformanceMeasureOptions): void {
	const n = (counts.get(name) ?? 0) + 1;
	if (n > MEASURES_KEPT) performance.clearMeasures(name);
	counts.set(name, n > MEASURES_KEPT ? 1 : n);
	performance.measure(name, options);
}
