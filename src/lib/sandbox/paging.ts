// The sandbox's long lists (tiles left, final scoring) show a page at a time: the button's words.

/** "Show 60 more of 1,940" while more than a page is left; "Show the last 4" for the rest. */
export function moreLabel(left: number, page: number): string {
	return left > page ? `Show ${page} more of ${left}` : `Show the last ${left}`;
}
