// The looks section of the expansion page: which names can be given a look, and the commands that
// set one. Pure: the page's component only shows these.
import type { Expansion } from '../formats/schema-types.ts';
import { drawnByRenderer } from '../render/tile-svg.ts';
import type { Look } from '../render/looks.ts';
import { setMeta } from './expansion-commands.ts';

export interface LookName {
	name: string;
	/** Where the name comes from: declared as a modifier or icon, or only used on tiles. */
	kind: 'modifier' | 'icon';
	look: Look | undefined;
}

/**
 * The names of this expansion that the renderer cannot draw by itself: its declared modifiers and
 * icons (dataRules' modifiers included), the names its tiles use, and those that already have a look.
 */
export function lookNames(doc: Expansion): LookName[] {
	const out = new Map<string, LookName['kind']>();
	const add = (name: string, kind: LookName['kind']) => {
		if (!drawnByRenderer(name) && !out.has(name)) out.set(name, kind);
	};
	for (const name of Object.keys(doc.modifiers ?? {})) add(name, 'modifier');
	for (const name of Object.keys(doc.dataRules?.modifiers ?? {})) add(name, 'modifier');
	for (const name of Object.keys(doc.icons ?? {})) add(name, 'icon');
	for (const t of Array.isArray(doc.tiles) ? doc.tiles : []) {
		for (const f of t?.features ?? [])
			for (const name of Object.keys(f?.modifiers ?? {})) add(name, 'modifier');
		for (const name of t?.icons ?? []) add(name, 'icon');
	}
	for (const name of Object.keys(doc.looks ?? {})) add(name, 'icon');
	return [...out].map(([name, kind]) => ({ name, kind, look: doc.looks?.[name] }));
}

/** The document with `name` drawn by `look` (undefined: no look, a '?'). */
export function setLook(doc: Expansion, name: string, look: Look | undefined): Expansion {
	const looks = { ...(doc.looks ?? {}) };
	if (look) looks[name] = look;
	else delete looks[name];
	return setMeta(doc, 'looks', looks);
}

/** A look with the symbol `symbol` (the place and size kept; an own SVG replaced). */
export function withSymbol(look: Look | undefined, symbol: string): Look {
	const { svg: _svg, ...rest } = look ?? {};
	return { ...rest, symbol: symbol as Look['symbol'] };
}

/** A look drawing the designer's SVG text (the place and size kept). */
export function withSvg(look: Look | undefined, svg: string): Look {
	const { symbol: _symbol, ...rest } = look ?? {};
	return { ...rest, svg };
}

/** A look placed at `place` ('' for the default). */
export function withPlace(look: Look, place: string): Look {
	const { place: _place, ...rest } = look;
	return place ? { ...rest, place: place as Look['place'] } : rest;
}
