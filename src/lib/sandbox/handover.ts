// The checker → sandbox hand-over: the checker stores the record of the game to open under this
// localStorage key and opens /sandbox?record=checker (&step=N); the sandbox reads it from there.
export const CHECKER_RECORD_KEY = 'lab:checker-record';

/** The sandbox's address for the handed-over record: at move `step` (default: its end), with an editor draft's id. */
export function handedOverGameUrl(step?: number, draft?: string): string {
	const query: Record<string, string> = { record: 'checker' };
	if (step !== undefined) query.step = String(step);
	if (draft) query.draft = draft;
	return `/sandbox?${new URLSearchParams(query)}`;
}
