// The names of an expansion that no rule gives a meaning: its modifiers and icons (declared, or
// only on its tiles) that no rule or step of it reads and no rule module knows. Pure.
import type { Expansion, Tile } from '../formats/schema-types.ts';
import { KNOWN_ICONS, KNOWN_MODIFIERS } from '../formats/known.ts';
import { lookNames } from './looks.ts';

/** What a template's feature carries: a modifier on the feature, or an icon on its tiles. */
export type MarkKind = 'modifier' | 'icon';

/** A modifier or icon of the document that no rule of it reads and no rule module knows; `declared` when the document names it (not only its tiles). */
export interface Unscored {
	name: string;
	kind: MarkKind;
	declared: boolean;
}

/** The document's own modifiers and icons that no rule of it reads and no rule module knows. */
export function unscoredNames(doc: Expansion): Unscored[] {
	const text =
		JSON.stringify(doc.dataRules?.rules ?? []) +
		JSON.stringify(doc.dataRules?.figures ?? {}) +
		JSON.stringify(doc.dataRules?.steps ?? []);
	const read = (n: string) =>
		text.includes(`"modifier.${n}"`) ||
		text.includes(`"icon.${n}"`) ||
		text.includes(`"around.icon.${n}"`) ||
		text.includes(`"${n}"`);
	const declared = (name: string, kind: MarkKind) =>
		kind === 'modifier'
			? Object.hasOwn(doc.modifiers ?? {}, name) ||
				Object.hasOwn(doc.dataRules?.modifiers ?? {}, name)
			: Object.hasOwn(doc.icons ?? {}, name);
	return lookNames(doc)
		.filter(
			({ name, kind }) =>
				!(kind === 'modifier' ? name in KNOWN_MODIFIERS : KNOWN_ICONS.includes(name)) && !read(name)
		)
		.map(({ name, kind }) => ({ name, kind, declared: declared(name, kind) }));
}

/** What is true of an unscored name, in one line (the action to add a rule follows it). */
export function unscoredWords(u: Unscored): string {
	const verb = u.kind === 'modifier' ? 'scores' : 'reads';
	return u.declared
		? `${u.name}: declared, but no rule ${verb} it`
		: `${u.name}: on tiles, but the expansion declares no ${u.kind} '${u.name}' and no rule ${verb} it`;
}

/**
 * Of those, the ones the tile carries that the document declares: of an undeclared one the tile's
 * own problems say it already ("unknown modifier"), one message, not two.
 */
export function unscoredOnTile(doc: Expansion, tile: Tile): Unscored[] {
	const used = new Set(tileMarks(tile));
	return unscoredNames(doc).filter((u) => u.declared && used.has(u.name));
}

/** The icons and modifiers a tile carries. */
export const tileMarks = (tile: Tile): string[] => [
	...(tile.icons ?? []),
	...(Array.isArray(tile.features) ? tile.features : []).flatMap((f) =>
		Object.keys(f?.modifiers ?? {})
	)
];
