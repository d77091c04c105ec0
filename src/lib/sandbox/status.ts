// The sandbox's one-line messages: what happened (info) or what the engine refused and why.

export type Status = { text: string; kind: 'info' | 'refusal' } | null;

/** A refusal in a line: the engine's message and the rules it cites. */
export const refusalText = (r: { message: string; rules: string[] }) =>
	`${r.message}${r.rules.length ? ` (${r.rules.join(', ')})` : ''}`;
