// A code view of one part of the document (the expansion page's data rules as JSON): the text it
// shows, kept as the designer typed it while it says the same as the document, and the validator's
// problems of that part with their pointers made relative to it.
import type { Problem } from '../formats/problems.ts';

const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** What the designer typed last, and the value the document had then. */
export interface Typed {
	text: string;
	base: unknown;
}

/**
 * The text to show for `value`: what was typed while the document has not changed since (even
 * when it does not parse yet), or when it says the same as the value (keeps the layout); else
 * the value pretty-printed (an undo, an edit in the form).
 */
export function viewText(typed: Typed | null, value: unknown): string {
	if (typed !== null) {
		if (typed.base === value) return typed.text;
		try {
			if (JSON.stringify(JSON.parse(typed.text)) === JSON.stringify(value ?? {})) return typed.text;
		} catch {
			// typed text that does not parse: the document changed since (undo, the form), it wins
		}
	}
	return pretty(value);
}

/** The problems under `at`, their pointers relative to it. */
export function problemsUnder(problems: readonly Problem[], at: string): Problem[] {
	return problems
		.filter((p) => p.pointer === at || p.pointer.startsWith(at + '/'))
		.map((p) => ({ ...p, pointer: p.pointer.slice(at.length) }));
}
