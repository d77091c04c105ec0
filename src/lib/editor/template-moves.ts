// The rule templates that write a move as data (rule-templates.ts): a token put after an icon tile,
// a piece with or instead of the turn's figure, a tile each player holds, a neutral figure whose
// fate a coin decides, a figure's choice when its feature scores, a second figure after the turn's, a figure taken back after an icon tile, a figure's choice when its tile is surrounded — each a step of dataRules.steps
// with the figure, token or tile it needs and a text rule per part, in its own file. Pure.
import type { DataRule, Expansion } from '../formats/schema-types.ts';
import { tokenRules, tokenTexts, withTokenStep, type TokenStepTemplate } from './template-token.ts';
import { pieceRules, pieceText, withPieceStep, type PieceStepTemplate } from './template-piece.ts';
import {
	heldTileRules,
	heldTileTexts,
	withHeldTileStep,
	type HeldTileTemplate
} from './template-held-tile.ts';
import { randomTexts, withRandomStep, type RandomStepTemplate } from './template-random.ts';
import { actTexts, withActStep, type ActStepTemplate } from './template-act.ts';
import {
	secondFigureTexts,
	withSecondFigureStep,
	type SecondFigureTemplate
} from './template-second-figure.ts';
import { sendHomeText, withSendHomeStep, type SendHomeTemplate } from './template-send-home.ts';
import {
	surroundedTexts,
	withSurroundedStep,
	type SurroundedTemplate
} from './template-surrounded.ts';

export type MoveTemplate =
	| TokenStepTemplate
	| PieceStepTemplate
	| HeldTileTemplate
	| RandomStepTemplate
	| ActStepTemplate
	| SecondFigureTemplate
	| SendHomeTemplate
	| SurroundedTemplate;
const KINDS: readonly string[] = [
	'token',
	'piece',
	'held-tile',
	'random',
	'act',
	'second-figure',
	'send-home',
	'surrounded'
];
export const isMove = (t: { kind: string }): t is MoveTemplate => KINDS.includes(t.kind);

/** A figure's (token's, tile's) id from its name: "Big Harbour Master" → big-harbour-master. */
export const figureId = (name: string) =>
	name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.replace(/^(?=[0-9])/, 'f') || 'figure';

/** The template's rules' texts, one per rule id it writes. */
export function moveTexts(t: MoveTemplate): string[] {
	switch (t.kind) {
		case 'token':
			return tokenTexts(t);
		case 'piece':
			return [pieceText(t)];
		case 'held-tile':
			return heldTileTexts(t);
		case 'random':
			return randomTexts(t);
		case 'act':
			return actTexts(t);
		case 'second-figure':
			return secondFigureTexts(t);
		case 'send-home':
			return [sendHomeText(t)];
		case 'surrounded':
			return surroundedTexts(t);
	}
}

/** The data rules the template writes (a token's value rule among its texts). */
export function moveRules(t: MoveTemplate, ids: string[]): DataRule[] {
	if (t.kind === 'token') return tokenRules(t, figureId(t.name), ids);
	if (t.kind === 'piece') return pieceRules(t, ids[0]);
	if (t.kind === 'held-tile') return heldTileRules(t, ids);
	return moveTexts(t).map((text, i) => ({ id: ids[i], type: 'text' as const, text }));
}

/** The document with the template's step, what it needs (its figure, token or tile) and its rules. */
export function withMove(doc: Expansion, t: MoveTemplate, ids: string[]): Expansion {
	const id = figureId(t.name);
	switch (t.kind) {
		case 'token':
			return withTokenStep(doc, t, id, ids);
		case 'piece':
			return withPieceStep(doc, t, id, ids[0]);
		case 'held-tile':
			return withHeldTileStep(doc, t, id, ids);
		case 'random':
			return withRandomStep(doc, t, id, ids);
		case 'act':
			return withActStep(doc, t, id, ids);
		case 'second-figure':
			return withSecondFigureStep(doc, t, id, ids);
		case 'send-home':
			return withSendHomeStep(doc, t, id, ids);
		case 'surrounded':
			return withSurroundedStep(doc, t, id, ids);
	}
}
