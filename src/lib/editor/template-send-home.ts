// The piece sent home's rule template (rule-templates.ts): "Placing a ⟨icon⟩ tile lets its player,
// instead of placing a figure, take one of their own figures on the board back to their supply"
// (the festival). It writes a move as data — a send-home step of dataRules.steps
// (docs/rules-as-data.md, "The piece sent home") — with its text rule. Pure.
import type { DataStep, Expansion } from '../formats/schema-types.ts';

/** "Placing a ⟨icon⟩ tile lets its player take one of their own figures back instead of a figure." */
export interface SendHomeTemplate {
	kind: 'send-home';
	/** The move's name (the icon's): the log's "festival". */
	name: string;
	/** The icon the tile just placed shows. */
	modifier: string;
}

/** The step's rule text. */
export const sendHomeText = (t: SendHomeTemplate): string =>
	`Instead of placing a figure, a player who places a ${t.modifier} tile may take one of their own figures on the board back to their supply; it scores nothing.`;

/** The step: in the figure step, after a tile with the icon, one of the player's own pieces home. */
export function sendHomeStep(t: SendHomeTemplate, move: string, id: string): DataStep {
	return {
		type: 'send-home',
		id,
		at: 'figure',
		move,
		icon: t.modifier,
		whose: 'own',
		describe: `take a figure back (${t.modifier})`,
		text: `{player} takes their {figure} at ({x},{y}) back to supply instead of placing a figure (${t.modifier}).`
	};
}

/** The document with the step (replacing one of the same move) and its rule. */
export function withSendHomeStep(
	doc: Expansion,
	t: SendHomeTemplate,
	move: string,
	ids: string[]
): Expansion {
	const dataRules = { ...(doc.dataRules ?? {}) };
	dataRules.steps = [
		...(dataRules.steps ?? []).filter((s) => s.type !== 'send-home' || s.move !== move),
		sendHomeStep(t, move, ids[0])
	];
	dataRules.rules = [
		...(dataRules.rules ?? []),
		{ id: ids[0], type: 'text', text: sendHomeText(t) }
	];
	return { ...doc, dataRules };
}
