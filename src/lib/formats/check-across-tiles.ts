// The checks across the tiles of an expansion: tiles that are the same under rotation, and edges
// nothing in the enabled sets can match.
import type { Expansion, Feature, Tile } from './schema-types.ts';
import {
	SIDES,
	SIDE_NAMES,
	copiesOf,
	edgeTypes,
	halfIndex,
	sideIndex,
	type EdgeType
} from './geometry.ts';
import type { Problem } from './problems.ts';
import { isObject } from './meanings.ts';

/** Players assumed when asking "can anything match it": a per-player count gives two copies at least. */
const MIN_PLAYERS = 2;

interface Offer {
	counts: Record<EdgeType, number>;
	wildcard: boolean;
}
const offerCache = new WeakMap<object, Offer>();

/** Which edge types a foreign (possibly invalid) expansion's tiles offer, by copies. */
function offerOf(expansion: Record<string, unknown>): Offer {
	const cached = offerCache.get(expansion);
	if (cached) return cached;
	const offer: Offer = { counts: { road: 0, city: 0, river: 0, field: 0 }, wildcard: false };
	for (const t of Array.isArray(expansion.tiles) ? expansion.tiles : []) {
		if (!isObject(t) || !Array.isArray(t.features)) continue;
		if (t.wildcard === true) offer.wildcard = true;
		const n =
			typeof t.count === 'number'
				? t.count
				: isObject(t.count) && typeof t.count.perPlayer === 'number'
					? t.count.perPlayer * MIN_PLAYERS
					: 1;
		for (const ty of new Set(edgeTypes(t as Pick<Tile, 'features'>))) offer.counts[ty] += n;
	}
	offerCache.set(expansion, offer);
	return offer;
}

export function checkEdgeMatches(
	doc: Expansion,
	good: readonly number[],
	deps: readonly unknown[],
	available: ReadonlyMap<string, Expansion>,
	out: Problem[]
): void {
	const total: Record<EdgeType, number> = { road: 0, city: 0, river: 0, field: 0 };
	let wildcard = false;
	const own = good.map((i) => {
		const t = doc.tiles[i];
		const edges = edgeTypes(t);
		const types = new Set(edges);
		if (t.wildcard === true) wildcard = true;
		for (const ty of types) total[ty] += copiesOf(t, MIN_PLAYERS);
		return { i, t, edges, types };
	});
	const others = [...deps];
	const base: unknown = available.get('base');
	if (doc.id !== 'base' && isObject(base) && !others.includes(base)) others.push(base);
	for (const e of others) {
		if (!isObject(e)) continue;
		const offer = offerOf(e);
		wildcard ||= offer.wildcard;
		for (const ty of SIDES_TYPES) total[ty] += offer.counts[ty];
	}
	if (wildcard) return;
	for (const { i, t, edges, types } of own) {
		if (t.wildcard === true) continue;
		for (const ty of types) {
			if (total[ty] - 1 >= 1) continue;
			const where = SIDES.filter((_, k) => edges[k] === ty).map((s) => SIDE_NAMES[s]);
			out.push({
				pointer: `/tiles/${i}`,
				message: `tile ${t.id} has a ${ty} side (${where.join(', ')}) that no other tile of the enabled sets offers: it can never be matched`,
				severity: 'warning'
			});
		}
	}
}
const SIDES_TYPES: readonly EdgeType[] = ['road', 'city', 'river', 'field'];

/** A text that is equal for two tiles exactly when they are the same turned by `rotation`, up to feature ids. */
function rotationKey(t: Tile, rotation: number): string {
	const base = new Map<string, string>();
	const sig = (f: Feature): string => {
		const sides = (f.sides ?? []).map((s) => (sideIndex(s) + rotation) & 3).sort();
		const halves = (f.halves ?? []).map((h) => (halfIndex(h) + 2 * rotation) & 7).sort();
		const mods = f.modifiers
			? Object.keys(f.modifiers)
					.sort()
					.map((k) => `${k}=${String(f.modifiers![k])}`)
					.join(',')
			: '';
		return `${f.type}(${sides.join('')}|${halves.join('')}|${mods})`;
	};
	for (const f of t.features) base.set(f.id, sig(f));
	const full = t.features.map((f) => {
		const cities = (f.cities ?? []).map((id) => base.get(id) ?? '?').sort();
		const crosses = (f.crosses ?? []).map((id) => base.get(id) ?? '?').sort();
		return `${base.get(f.id)}[${cities.join(';')}][${crosses.join(';')}]`;
	});
	const icons = [...(t.icons ?? [])].sort();
	return `${t.role ?? ''}|${t.wildcard === true}|${icons.join(',')}|${full.sort().join(' ')}`;
}

/** A cheap text equal for any two tiles that are the same under rotation (most different tiles differ in it). */
function invariantKey(t: Tile): string {
	const types = t.features.map((f) => f.type).sort();
	let e = 0;
	for (const x of edgeTypes(t)) e += x === 'road' ? 1 : x === 'city' ? 8 : x === 'river' ? 64 : 512;
	return `${types.join(',')}|${e}|${t.icons?.length ?? 0}`;
}

export function checkRotations(doc: Expansion, good: readonly number[], out: Problem[]): void {
	// Only tiles with the same rotation-free outline can be the same; compare those in full.
	const groups = new Map<string, number[]>();
	for (const i of good) {
		const key = invariantKey(doc.tiles[i]);
		const group = groups.get(key);
		if (group) group.push(i);
		else groups.set(key, [i]);
	}
	for (const group of groups.values()) {
		if (group.length < 2) continue;
		const seen = new Map<string, number>();
		for (const i of group) {
			const t = doc.tiles[i];
			const key = rotationKey(t, 0);
			const earlier = seen.get(key);
			if (earlier !== undefined) {
				out.push({
					pointer: `/tiles/${i}`,
					message: `tile ${t.id} is the same as tile ${doc.tiles[earlier].id}: merge them and add up their counts`,
					severity: 'warning'
				});
				continue;
			}
			for (let r = 1; r < 4; r++) {
				const k = rotationKey(t, r);
				const match = seen.get(k);
				if (match !== undefined && k !== key) {
					out.push({
						pointer: `/tiles/${i}`,
						message: `tile ${t.id} is tile ${doc.tiles[match].id} turned ${(4 - r) * 90}° clockwise: merge them and add up their counts`,
						severity: 'warning'
					});
					break;
				}
			}
			seen.set(key, i);
		}
	}
}
