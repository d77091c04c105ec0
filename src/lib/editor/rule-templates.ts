// Rules in the designer's words: each template is a sentence with blanks that writes a data rule
// (docs/rules-as-data.md), with a worked example the engine computes on a tiny board before the
// rule is saved, and the sandbox address that shows it firing. Pure: the page only shows these.
import type { DataRule, Expansion, Feature, Tile } from '../formats/schema-types.ts';
import { KNOWN_ICONS, KNOWN_MODIFIERS } from '../formats/known.ts';
import {
	apply,
	legalMoves,
	resolveExpansions,
	startGame,
	type GameEvent,
	type Move
} from '../engine/index.ts';
import { lookNames } from './looks.ts';

export type TemplateFeature = 'city' | 'road';
/** "A completed ⟨feature⟩ with ⟨modifier⟩ scores +N per tile / per ⟨modifier⟩." */
export interface CompletedBonus {
	kind: 'completed';
	feature: TemplateFeature;
	modifier: string;
	points: number;
	per: 'tile' | 'modifier';
}
/** "At the end, an incomplete ⟨feature⟩ with ⟨modifier⟩ scores +N per tile / per ⟨modifier⟩, or nothing." */
export interface FinalIncomplete {
	kind: 'final';
	feature: TemplateFeature;
	modifier: string;
	points: number;
	per: 'tile' | 'modifier' | 'nothing';
}
export type Template = CompletedBonus | FinalIncomplete;

export const TEMPLATE_KINDS: readonly { kind: Template['kind']; words: string }[] = [
	{ kind: 'completed', words: 'A completed … with … scores more points' },
	{ kind: 'final', words: 'At the end, an incomplete … with … scores more, or nothing' }
];

/** The template's sentence, as the rule's text. */
export function sentence(t: Template): string {
	const per = t.per === 'tile' ? 'per tile' : `per ${t.modifier}`;
	if (t.kind === 'completed')
		return `A completed ${t.feature} with a ${t.modifier} scores ${t.points} more ${t.points === 1 ? 'point' : 'points'} ${per}.`;
	if (t.per === 'nothing')
		return `At the end, an incomplete ${t.feature} with a ${t.modifier} scores nothing.`;
	return `At the end, an incomplete ${t.feature} with a ${t.modifier} scores ${t.points} more ${t.points === 1 ? 'point' : 'points'} ${per}.`;
}

/** A rule id not yet used in the document: <EXPANSION>-<MODIFIER>-<n>. */
export function freshRuleId(doc: Expansion, t: Template): string {
	const word = (s: string) =>
		s
			.toUpperCase()
			.replace(/[^A-Z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '') || 'X';
	const head = /^[A-Z]/.test(word(doc.id)) ? word(doc.id) : `X${word(doc.id)}`;
	const used = new Set((doc.dataRules?.rules ?? []).map((r) => r.id));
	for (let n = 1; ; n++) {
		const id = `${head}-${word(t.modifier)}-${n}`;
		if (!used.has(id)) return id;
	}
}

/** The data rule the template writes. */
export function ruleOf(t: Template, id: string): DataRule {
	const has = { '>': [{ var: `modifier.${t.modifier}` }, 0] };
	const count = t.per === 'tile' ? { var: 'tiles' } : { var: `modifier.${t.modifier}` };
	const label = t.per === 'tile' ? `${t.modifier} tile` : t.modifier;
	const base = { id, type: 'value' as const, text: sentence(t), feature: t.feature };
	if (t.kind === 'completed')
		return {
			...base,
			at: ['complete'],
			when: has,
			effect: { add: { count, per: t.points, label } }
		};
	if (t.per === 'nothing')
		return {
			...base,
			at: ['final'],
			when: has,
			effect: { zero: `a ${t.modifier} on an incomplete ${t.feature}` }
		};
	return { ...base, at: ['final'], when: has, effect: { add: { count, per: t.points, label } } };
}

/** The document with the template's rule added (and its modifier declared for the rules when it is not yet). */
export function addTemplateRule(doc: Expansion, t: Template): { doc: Expansion; id: string } {
	const id = freshRuleId(doc, t);
	const dataRules = { ...(doc.dataRules ?? {}) };
	const modifiers = { ...(dataRules.modifiers ?? {}) };
	if (!modifiers[t.modifier])
		modifiers[t.modifier] = { combine: 'sum', features: [t.feature], label: t.modifier };
	dataRules.modifiers = modifiers;
	dataRules.rules = [...(dataRules.rules ?? []), ruleOf(t, id)];
	const next: Expansion = { ...doc, dataRules };
	if (!next.modifiers?.[t.modifier])
		next.modifiers = { ...(next.modifiers ?? {}), [t.modifier]: sentence(t) };
	return { doc: next, id };
}

// ---------------------------------------------------------------------------------------------
// The worked example: the rule played by the engine on a tiny board (the base game's start tile,
// a tile of the example with the modifier, and for a road two monasteries closing it).

const EXAMPLE = 'worked-example';
const field = (id: string, halves: string[], cities: string[] = []): Feature =>
	({ id, type: 'field', halves, ...(cities.length ? { cities } : {}) }) as Feature;

/** The example's tile and how it is played (relative to the start tile, city N and road W–E). */
function board(t: Template): { tile: Tile; draws: string[]; moves: Move[]; tiles: number } {
	const mods = { [t.modifier]: 1 };
	if (t.feature === 'city') {
		// a city cap turned south onto the start's city (completed), or a city N–S going on north (not)
		const completed = t.kind === 'completed';
		const tile = {
			id: 'example',
			count: 1,
			features: completed
				? [
						{ id: 'c1', type: 'city', sides: ['N'], modifiers: mods },
						field('f1', ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], ['c1'])
					]
				: [
						{ id: 'c1', type: 'city', sides: ['N', 'S'], modifiers: mods },
						field('f1', ['EL', 'ER'], ['c1']),
						field('f2', ['WL', 'WR'], ['c1'])
					]
		} as Tile;
		return {
			tile,
			draws: [`${EXAMPLE}/example`],
			moves: [
				{ type: 'place', x: 0, y: -1, rotation: completed ? 2 : 0 },
				{ type: 'deploy', figure: 'follower', feature: 'c1' }
			] as Move[],
			tiles: 2
		};
	}
	const tile = {
		id: 'example',
		count: 1,
		features: [
			{ id: 'r1', type: 'road', sides: ['E', 'W'], modifiers: mods },
			field('f1', ['NL', 'NR', 'EL', 'WR']),
			field('f2', ['ER', 'SL', 'SR', 'WL'])
		]
	} as Tile;
	const first: Move[] = [
		{ type: 'place', x: 1, y: 0, rotation: 0 },
		{ type: 'deploy', figure: 'follower', feature: 'r1' }
	] as Move[];
	if (t.kind === 'final') return { tile, draws: [`${EXAMPLE}/example`], moves: first, tiles: 2 };
	// base/A: a monastery with a road south; turned to close the road at both ends
	const closing: Move[] = [
		{ type: 'place', x: 2, y: 0, rotation: 1 },
		{ type: 'pass' },
		{ type: 'place', x: -1, y: 0, rotation: 3 },
		{ type: 'pass' }
	] as Move[];
	return {
		tile,
		draws: [`${EXAMPLE}/example`, 'base/A', 'base/A'],
		moves: [...first, ...closing],
		tiles: 4
	};
}

export type WorkedExample =
	| { ok: true; board: string; arithmetic: string; points: number; rule: string }
	| { ok: false; error: string };

/**
 * The rule played on a tiny board by the engine: a game of base, the document's dependencies and an
 * example expansion with the document's data rules (the new one included) and one tile carrying the
 * modifier; the scoring of that feature, its arithmetic as the log shows it.
 */
export function workedExample(
	doc: Expansion,
	t: Template,
	lookup: (id: string) => Expansion | undefined
): WorkedExample {
	const { doc: withRule, id } = addTemplateRule(doc, t);
	const plan = board(t);
	const example: Expansion = {
		...withRule,
		id: EXAMPLE,
		name: 'Worked example',
		official: false,
		looks: undefined,
		tiles: [plan.tile]
	};
	const resolved = resolveExpansions(['base', EXAMPLE], (x: string) =>
		x === EXAMPLE ? example : lookup(x)
	);
	if (!resolved.ok) return { ok: false, error: resolved.errors.map((e) => e.message).join('; ') };
	try {
		let { state } = startGame({
			expansions: resolved.expansions,
			modules: resolved.modules,
			players: ['Ann', 'Bob'],
			seed: 1,
			drawOrder: plan.draws,
			start: 'base/D'
		});
		const events: GameEvent[] = [];
		for (const move of plan.moves) {
			const r = apply(state, move);
			if (!r.ok)
				return { ok: false, error: `the example board refused ${move.type}: ${r.refusal.message}` };
			state = r.state;
			events.push(...r.events);
		}
		// the game ends when the pile is empty: pass whatever is left (the final scoring comes then)
		for (let i = 0; i < 8 && !state.finished; i++) {
			const pass = legalMoves(state).find((m) => m.type === 'pass');
			if (!pass) break;
			const r = apply(state, pass);
			if (!r.ok) break;
			state = r.state;
			events.push(...r.events);
		}
		const score = events.find(
			(e) =>
				e.type === 'score' &&
				(e as { feature?: { kind?: string } }).feature?.kind === t.feature &&
				(e as { rules?: string[] }).rules?.includes(id)
		) as { arithmetic: string; points: number } | undefined;
		const where = `a ${plan.tiles}-tile ${t.kind === 'completed' ? 'completed' : 'incomplete'} ${t.feature} with 1 ${t.modifier}`;
		if (!score)
			return {
				ok: false,
				error: `on ${where}, the rule did not apply (another rule of the expansion may take its place)`
			};
		return { ok: true, board: where, arithmetic: score.arithmetic, points: score.points, rule: id };
	} catch (e) {
		return { ok: false, error: e instanceof Error ? e.message : String(e) };
	}
}

// ---------------------------------------------------------------------------------------------
// Names with no meaning, and the sandbox.

/** The document's own modifiers and icons that no rule of it reads and no rule module knows. */
export function unscoredNames(doc: Expansion): { name: string; kind: 'modifier' | 'icon' }[] {
	const text =
		JSON.stringify(doc.dataRules?.rules ?? []) + JSON.stringify(doc.dataRules?.figures ?? {});
	const read = (n: string) =>
		text.includes(`"modifier.${n}"`) ||
		text.includes(`"icon.${n}"`) ||
		text.includes(`"around.icon.${n}"`) ||
		text.includes(`"${n}"`);
	return lookNames(doc)
		.filter(
			({ name, kind }) =>
				!(kind === 'modifier' ? name in KNOWN_MODIFIERS : KNOWN_ICONS.includes(name)) && !read(name)
		)
		.map(({ name, kind }) => ({ name, kind }));
}

/** Of those, the ones the tile carries. */
export function unscoredOnTile(
	doc: Expansion,
	tile: Tile
): { name: string; kind: 'modifier' | 'icon' }[] {
	const used = new Set([
		...(tile.icons ?? []),
		...(Array.isArray(tile.features) ? tile.features : []).flatMap((f) =>
			Object.keys(f?.modifiers ?? {})
		)
	]);
	return unscoredNames(doc).filter((u) => used.has(u.name));
}

/** The sandbox set up to show the expansion's rules firing: free mode (the designer picks the tiles), the unsaved draft in play. */
export function sandboxUrl(id: string, unsaved: boolean): string {
	const q = new URLSearchParams({ x: id, free: '1' });
	if (unsaved) q.set('draft', id);
	return `/sandbox?${q}`;
}
