// Any value read as a tile to draw (the renderer's view of a tile definition). It tolerates
// half-broken tiles: unknown types, missing arrays and bad sides are skipped.
import type { Half, Side } from '../formats/geometry.ts';
import { HALVES, SIDES } from '../formats/geometry.ts';

export interface NFeature {
	index: number;
	id: string;
	type: string;
	sides: Side[];
	halves: Half[];
	crosses: string[];
	/** A field's cities (ids), as the tile lists them. */
	cities: string[];
	modifiers: Record<string, unknown>;
}
export interface NTile {
	id: string;
	name: string;
	role: string;
	wildcard: boolean;
	icons: string[];
	artwork: string;
	features: NFeature[];
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads any value as a tile, dropping what cannot be drawn; never throws. */
export function normalizeTile(input: unknown): NTile {
	const t = isObject(input) ? input : {};
	const features: NFeature[] = [];
	asArray(t.features).forEach((raw, index) => {
		if (!isObject(raw)) return;
		const sides = [
			...new Set(asArray(raw.sides).filter((s): s is Side => SIDES.includes(s as Side)))
		];
		const halves = [
			...new Set(asArray(raw.halves).filter((h): h is Half => HALVES.includes(h as Half)))
		];
		features.push({
			index,
			id: typeof raw.id === 'string' && raw.id ? raw.id : `#${index}`,
			type: typeof raw.type === 'string' ? raw.type : 'unknown',
			sides,
			halves,
			crosses: asArray(raw.crosses).filter((c): c is string => typeof c === 'string'),
			cities: asArray(raw.cities).filter((c): c is string => typeof c === 'string'),
			modifiers: isObject(raw.modifiers) ? raw.modifiers : {}
		});
	});
	return {
		id: typeof t.id === 'string' ? t.id : '',
		name: typeof t.name === 'string' ? t.name : '',
		role: typeof t.role === 'string' ? t.role : '',
		wildcard: t.wildcard === true,
		icons: [...new Set(asArray(t.icons).filter((i): i is string => typeof i === 'string'))],
		artwork: typeof t.artwork === 'string' ? t.artwork : '',
		features
	};
}
