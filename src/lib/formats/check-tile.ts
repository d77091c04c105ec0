// The checks of one tile that passed the schema: its features against its sides, halves and
// corners, its neighbours, modifiers and icons against the names the enabled sets know.
import type { Feature, Half, Tile } from './schema-types.ts';
import {
	HALF_WORDS,
	HALVES,
	SIDES,
	SIDE_NAMES,
	cornerName,
	cornerNeighbourSide,
	halfIndex,
	sideIndex
} from './geometry.ts';
import { pointer, type Problem, type Severity } from './problems.ts';
import { KNOWN_MODIFIERS } from './known.ts';
import { needsModule, type Known } from './meanings.ts';

const BORDER = new Set<Feature['type']>(['road', 'city', 'river']);
const INNER = new Set<Feature['type']>(['monastery', 'garden', 'stable']);

/**
 * For a feature touching the sides `own` (indices, two or more), the halves in border order with
 * their bank (0, 1, …): the halves met going clockwise from the middle of one of its sides to the
 * middle of the next share a bank.
 */
export function banksAround(own: ReadonlySet<number>): [half: number, bank: number][] {
	const start = 2 * Math.min(...own) + 1; // the right-hand half of its first side
	const out: [number, number][] = [];
	let bank = 0;
	for (let step = 0; step < 8; step++) {
		const hi = (start + step) & 7;
		// The right-hand half of one of its sides starts a new bank (the feature crosses the border there).
		if (step > 0 && (hi & 1) === 1 && own.has(hi >> 1)) bank++;
		out.push([hi, bank]);
	}
	return out;
}

/**
 * The field holding a half next to half `hi` on the same stretch of border (not across a road, river
 * or city), or -1: the field a half left out most likely belongs to.
 */
function neighbourField(
	hi: number,
	sideOwner: readonly number[],
	halfOwner: readonly number[],
	features: readonly Feature[]
): number {
	const cuts = (side: number) => sideOwner[side] >= 0; // a road, river or city on that side
	// the other half of the same side, unless the side's feature runs between them
	const partner = hi ^ 1;
	if (!cuts(hi >> 1) && halfOwner[partner] >= 0 && features[halfOwner[partner]].type === 'field')
		return halfOwner[partner];
	// across the corner: the next half of the neighbouring side
	const corner = (hi & 1) === 1 ? (hi + 1) & 7 : (hi + 7) & 7;
	if (halfOwner[corner] >= 0 && features[halfOwner[corner]].type === 'field')
		return halfOwner[corner];
	return -1;
}

export function checkTile(tile: Tile, at: string, known: Known, out: Problem[]): void {
	const features = tile.features;
	const handDrawn = tile.handDrawnAdjacency === true;
	const byId = new Map<string, number>();
	const sideOwner = [-1, -1, -1, -1];
	const halfOwner = [-1, -1, -1, -1, -1, -1, -1, -1];
	const contested = [false, false, false, false, false, false, false, false];
	const problem = (ptr: string, message: string, severity: Severity = 'error', places?: string[]) =>
		out.push({ pointer: at + ptr, message, severity, ...(places ? { places } : {}) });
	const name = (f: Feature) => `${f.type} ${f.id}`;

	// Ids, and which feature covers each side.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		const first = byId.get(f.id);
		if (first !== undefined)
			problem(
				`/features/${i}/id`,
				`feature id '${f.id}' is used twice on this tile (also by feature ${first})`
			);
		else byId.set(f.id, i);
		if (BORDER.has(f.type)) {
			if (f.halves !== undefined)
				problem(
					`/features/${i}/halves`,
					`only fields list half-sides: a ${f.type} lists the sides it touches in 'sides'`
				);
			if (f.sides === undefined) {
				problem(`/features/${i}`, `${name(f)} must list the sides it touches in 'sides'`);
				continue;
			}
			if (f.sides.length === 0 && !(f.type === 'city' && handDrawn))
				problem(
					`/features/${i}/sides`,
					`${name(f)} touches no side: a ${f.type} must touch at least one side`
				);
			for (let k = 0; k < f.sides.length; k++) {
				const s = sideIndex(f.sides[k]);
				const owner = sideOwner[s];
				if (owner >= 0)
					problem(
						`/features/${i}/sides/${k}`,
						`the ${SIDE_NAMES[f.sides[k]]} side is covered twice: by ${name(features[owner])} and by ${name(f)}`
					);
				else sideOwner[s] = i;
			}
		} else {
			if (f.sides !== undefined)
				problem(
					`/features/${i}/sides`,
					f.type === 'field' || f.type === 'quarter'
						? `a ${f.type} lists the half-sides it touches in 'halves', not 'sides'`
						: `a ${f.type} stands inside the tile and touches no side: remove 'sides'`
				);
			if (INNER.has(f.type) && f.halves !== undefined)
				problem(
					`/features/${i}/halves`,
					`a ${f.type} stands inside the tile and touches no half-side: remove 'halves'`
				);
		}
		if (f.type !== 'field' && f.cities !== undefined)
			problem(
				`/features/${i}/cities`,
				`only fields list the cities they border; ${name(f)} is a ${f.type}`
			);
	}

	// Field halves: each half of a road, river or field side in exactly one field (or a quarter of
	// The Count's city, which holds half-sides as a field does), none of a city side.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		if (f.type !== 'field' && f.type !== 'quarter') continue;
		if (f.halves === undefined) {
			problem(
				`/features/${i}`,
				f.type === 'field'
					? `field ${f.id} must list the half-sides it touches in 'halves' (an empty list for a field enclosed inside the tile)`
					: `quarter ${f.id} must list the half-sides it holds in 'halves'`
			);
			continue;
		}
		for (let k = 0; k < f.halves.length; k++) {
			const h: Half = f.halves[k];
			const hi = halfIndex(h);
			const owner = sideOwner[hi >> 1];
			if (owner >= 0 && features[owner].type === 'city') {
				problem(
					`/features/${i}/halves/${k}`,
					`${name(f)} holds ${h} (${HALF_WORDS[h]}), but that side is city ${features[owner].id}: a city side has no field halves`
				);
			} else if (halfOwner[hi] >= 0) {
				const other = features[halfOwner[hi]];
				problem(
					`/features/${i}/halves/${k}`,
					other.type === 'field' && f.type === 'field'
						? `${h} (${HALF_WORDS[h]}) is in two fields: ${other.id} and ${f.id}`
						: `${h} (${HALF_WORDS[h]}) is held twice: by ${name(other)} and ${name(f)}`
				);
				contested[hi] = true;
			} else halfOwner[hi] = i;
		}
	}
	if (tile.wildcard !== true) {
		let missing: Half[] | undefined;
		for (let hi = 0; hi < 8; hi++) {
			if (halfOwner[hi] >= 0) continue;
			const owner = sideOwner[hi >> 1];
			if (owner < 0 || features[owner].type !== 'city') (missing ??= []).push(HALVES[hi]);
		}
		if (missing?.length === 1) {
			const h = missing[0];
			const owner = sideOwner[halfIndex(h) >> 1];
			const side = SIDE_NAMES[SIDES[halfIndex(h) >> 1]];
			const why =
				owner >= 0
					? `the ${side} side is ${name(features[owner])}, so a field lies on each side of it`
					: `the ${side} side has no road, city or river, so it is field`;
			// The field on the same stretch of border most likely misses it: point at its 'halves'.
			const next = neighbourField(halfIndex(h), sideOwner, halfOwner, features);
			if (next >= 0)
				problem(
					`/features/${next}/halves`,
					`${h} (${HALF_WORDS[h]}) is in no field: ${why}; add it to the 'halves' of field ${features[next].id} beside it, or to another field`,
					'error',
					[h]
				);
			else
				problem(
					'/features',
					`${h} (${HALF_WORDS[h]}) is in no field: ${why}; add it to a field's 'halves'`,
					'error',
					[h]
				);
		} else if (missing) {
			problem(
				'/features',
				`half-sides in no field: ${missing.join(', ')}; each half of a road, river or field side belongs to exactly one field: add them to the fields' 'halves'`,
				'error',
				missing
			);
		}
	}

	// A road, river or city that runs through the tile (two sides or more) cuts the border into banks:
	// one field cannot lie on two of them (the engine would score one farm across the road), unless
	// the field is declared to pass over or under it (`crosses`, as at the waterfall). A bridge does
	// not join the banks of what it crosses: each of the two features still splits the fields.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		if (!BORDER.has(f.type) || f.sides === undefined) continue;
		const own = new Set(f.sides.map(sideIndex));
		if (own.size < 2) continue;
		// Per field, the halves it holds on each bank.
		const held = new Map<number, Half[][]>();
		for (const [hi, bank] of banksAround(own)) {
			const j = halfOwner[hi];
			if (j < 0 || contested[hi] || features[j].type !== 'field') continue; // a half in two fields is reported already
			let perBank = held.get(j);
			if (!perBank) held.set(j, (perBank = Array.from({ length: own.size }, (): Half[] => [])));
			perBank[bank].push(HALVES[hi]);
		}
		for (const [j, perBank] of held) {
			const touched = perBank.filter((hs) => hs.length > 0);
			if (touched.length < 2) continue;
			const field = features[j];
			if (field.crosses?.includes(f.id) || f.crosses?.includes(field.id)) continue;
			const through = [...own].sort().map((s) => SIDE_NAMES[SIDES[s]]);
			const joins =
				through.length === 2
					? `${through[0]} and ${through[1]}`
					: `${through.slice(0, -1).join(', ')} and ${through[through.length - 1]}`;
			problem(
				`/features/${j}/halves`,
				`field ${field.id} lies on both sides of ${name(f)}, which runs through the tile joining the ${joins} sides: ` +
					`${touched[0].join(', ')} on one side, ${touched[1].join(', ')} on ${own.size === 2 ? 'the other' : 'another'}; ` +
					`a ${f.type} splits the fields it runs between, so make one field per side` +
					(handDrawn ? ' (the tile is marked as drawn by hand)' : ''),
				handDrawn ? 'note' : 'error'
			);
		}
	}

	// Cities a field lists, crossings, adjacency.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		if (f.crosses) {
			for (let k = 0; k < f.crosses.length; k++) {
				const id = f.crosses[k];
				if (id === f.id) problem(`/features/${i}/crosses/${k}`, `${name(f)} cannot cross itself`);
				else if (!byId.has(id))
					problem(
						`/features/${i}/crosses/${k}`,
						`${name(f)} crosses '${id}', but this tile has no feature '${id}'`
					);
			}
		}
		if (f.sharesSide !== undefined) {
			const holder = features.find(
				(g) => g !== f && g.type === 'city' && g.sides?.includes(f.sharesSide!)
			);
			if (f.type !== 'city' || !holder || f.sides?.includes(f.sharesSide))
				problem(
					`/features/${i}/sharesSide`,
					`${name(f)} shares side ${f.sharesSide}, but ${f.type !== 'city' ? 'only a city shares a side' : f.sides?.includes(f.sharesSide) ? 'that side is its own' : 'no other city of this tile holds it'}`
				);
		}
		if (f.type !== 'field' || f.halves === undefined) continue;
		const listed = f.cities ?? [];
		for (let k = 0; k < listed.length; k++) {
			const j = byId.get(listed[k]);
			if (j === undefined)
				problem(
					`/features/${i}/cities/${k}`,
					`field ${f.id} lists city '${listed[k]}', but this tile has no feature '${listed[k]}'`
				);
			else if (features[j].type !== 'city')
				problem(
					`/features/${i}/cities/${k}`,
					`field ${f.id} lists '${listed[k]}' as a city, but ${listed[k]} is a ${features[j].type}`
				);
		}
		// The cities this field borders along the perimeter: a half at a corner next to a city side.
		let bordered: number[] | undefined;
		for (const h of f.halves) {
			const owner = sideOwner[sideIndex(cornerNeighbourSide(h))];
			if (owner < 0 || features[owner].type !== 'city' || bordered?.includes(owner)) continue;
			(bordered ??= []).push(owner);
			const c = features[owner];
			if (!listed.includes(c.id))
				problem(
					f.cities ? `/features/${i}/cities` : `/features/${i}`,
					`field ${f.id} touches city ${c.id} along the ${cornerName(h)} corner but does not list it` +
						(handDrawn ? ' (the tile is marked as drawn by hand)' : ''),
					handDrawn ? 'note' : 'error'
				);
		}
		for (let k = 0; k < listed.length; k++) {
			const j = byId.get(listed[k]);
			if (j === undefined || features[j].type !== 'city' || bordered?.includes(j)) continue;
			problem(
				`/features/${i}/cities/${k}`,
				handDrawn
					? `field ${f.id} lists city ${listed[k]}, which it does not touch along the tile border (the tile is marked as drawn by hand)`
					: `field ${f.id} lists city ${listed[k]}, but does not touch it along the tile border; if the tile is drawn that way, mark it "handDrawnAdjacency": true`,
				handDrawn ? 'note' : 'warning'
			);
		}
	}

	// River roles belong on river tiles.
	if (
		(tile.role === 'spring' || tile.role === 'lake' || tile.role === 'fork') &&
		!features.some((f) => f.type === 'river')
	)
		problem('/role', `a ${tile.role} is a river tile, but tile ${tile.id} has no river`, 'warning');

	// Feature kinds, modifiers and icons a module not in play gives meaning to: depend on it.
	// Unknown names are kept as data, with a warning.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		const kindNeeds = needsModule(known, 'feature', f.type, `a ${f.type}`);
		if (kindNeeds) problem(`/features/${i}/type`, kindNeeds.message, kindNeeds.severity);
		else if (f.type === 'quarter' && !known.meanings?.registry.meaningOf('feature', 'quarter'))
			problem(
				`/features/${i}/type`,
				`quarter ${f.id} (the inside of The Count's city of Carcassonne) is kept as data: no rule module here plays The Count, so no figure stands on it and it scores nothing`,
				'warning'
			);
		if (!f.modifiers) continue;
		for (const m of Object.keys(f.modifiers)) {
			const belongs = Object.hasOwn(KNOWN_MODIFIERS, m) ? KNOWN_MODIFIERS[m] : undefined;
			const needs = needsModule(known, 'modifier', m, `modifier '${m}'`);
			if (needs) problem(`/features/${i}/modifiers${pointer(m)}`, needs.message, needs.severity);
			else if (!known.modifiers.has(m) && !known.meanings?.registry.meaningOf('modifier', m))
				problem(
					`/features/${i}/modifiers${pointer(m)}`,
					`unknown modifier '${m}': no enabled expansion gives it a meaning (known: ${[...known.modifiers].join(', ')})`,
					'warning'
				);
			else if (belongs !== undefined && belongs !== f.type)
				problem(
					`/features/${i}/modifiers${pointer(m)}`,
					`modifier '${m}' belongs on a ${belongs}; on ${name(f)} it has no effect`,
					'warning'
				);
		}
	}
	const icons = tile.icons ?? [];
	for (let k = 0; k < icons.length; k++) {
		const icon = icons[k];
		const needs = needsModule(known, 'icon', icon, `icon '${icon}'`);
		const meaning = known.meanings?.registry.meaningOf('icon', icon);
		if (needs) problem(`/icons/${k}`, needs.message, needs.severity);
		else if (!known.icons.has(icon) && !meaning)
			problem(
				`/icons/${k}`,
				`unknown icon '${icon}': no enabled expansion gives it a meaning (known: ${[...known.icons].join(', ')})`,
				'warning'
			);
	}
}
