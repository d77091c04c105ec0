// The messenger: after its road is scored it may ride on to another road ending at the same
// crossroads, or into the city the road ends at (neither completed), onto a tile of its choice.
import { find, featureOf, segsOf } from '../../features.ts';
import { emit } from '../../events.ts';
import { tileAtXY } from '../../board.ts';
import { SIDES } from '../../../formats/geometry.ts';
import { playerName, scoreFeature } from '../../scoring.ts';
import { putPiece } from '../base.ts';
import { M, PREPARE, clockwise, decided, enqueue, type Entry } from './state.ts';
import type { CTile, Engine, FigureType, Move, Refusal, ScoreEvent, Step } from '../../types.ts';
import { mapped } from '../../arrays.ts';

export const messenger: FigureType = {
	id: 'messenger',
	name: 'Messenger',
	perPlayer: 1,
	follower: true,
	features: ['road'],
	strength: (g) => g.c.params.messengerStrength,
	rules: ['MM-MSG-1', 'MM-MSG-2', 'MM-TURN-2']
};

const single = (t: CTile, i: number) => t.features[i].kind === 'road' && t.features[i].sides === 1;

/**
 * Where a road ending on tile `t` (local feature `i`, one side) ends (MM-MSG-5/6/7), from the tile's
 * geometry: at the tile's city when it is the only road ending on a tile with a city (a city gate),
 * or when a city running from side to side separates it from the other roads ending there (roads
 * from north and south into a city band); otherwise, with two or more roads ending on the tile, at a
 * crossroads (village, junction, monastery); else nowhere to ride on (a farmstead, a lone monastery).
 */
export function roadEnd(t: CTile, i: number): RoadEnd {
	let ends = roadEnds.get(t);
	if (!ends) roadEnds.set(t, (ends = []));
	if (!(i in ends)) ends[i] = findRoadEnd(t, i);
	return ends[i];
}
type RoadEnd = { readonly city: number } | { readonly roads: readonly number[] } | null;
/** Per compiled tile, roadEnd of each local feature asked so far (the geometry never changes). */
const roadEnds = new WeakMap<CTile, RoadEnd[]>();

function findRoadEnd(t: CTile, i: number): RoadEnd {
	const cities = t.features.flatMap((f, j) => (f.kind === 'city' ? [j] : []));
	const singles = t.features.flatMap((_, j) => (single(t, j) ? [j] : []));
	if (singles.length === 1) return cities.length ? { city: cities[0] } : null;
	const side = (j: number) => SIDES.indexOf((t.def.features[j].sides ?? [])[0]);
	const mine = side(i);
	for (const c of cities) {
		const cs = (t.def.features[c].sides ?? []).map((x) => SIDES.indexOf(x));
		// a band across the tile (both sides of one axis) separates the roads on the other axis
		const band = (cs.includes(1) && cs.includes(3)) || (cs.includes(0) && cs.includes(2));
		if (band && !cs.includes(mine)) return { city: c };
	}
	return { roads: singles.filter((j) => j !== i) };
}

/** The scored road's messengers wait to ride (MM-MSG-3). */
export function collectRides(g: Engine, root: number, ev: ScoreEvent): void {
	const s = g.s;
	const m = M(s);
	m.scored.push(root);
	if (ev.mode !== 'complete' || ev.feature.kind !== 'road') return;
	const riders = (s.figs[root] ?? []).filter(
		(pc) => s.pieces[pc].kind === 'messenger' && s.pieces[pc].owner >= 0
	);
	if (!riders.length) return;
	const ends = segsOf(s, root).filter((seg) => featureOf(g, seg).sides === 1);
	let extra: number[] | undefined;
	if (g.c.rulings['MM-R5'] === 'unscored-still-open' && s.placed >= 0) {
		// roads and cities this tile completed that are not scored yet stay open for the ride
		const t = g.c.tiles[s.bt[s.placed]];
		extra = [];
		for (let i = 0; i < t.features.length; i++) {
			const r = find(s, s.bseg[s.placed] + i);
			if (s.open[r] === 0 && r !== root && !m.scored.includes(r) && !extra.includes(r))
				extra.push(r);
		}
	}
	const entries: Entry[] = mapped(riders, (pc) => ({
		k: 'ride',
		piece: pc,
		owner: s.pieces[pc].owner,
		ends,
		...(extra ? { extra } : {})
	}));
	if (s.phase >= 6) enqueue(g, entries, (e) => clockwise(s, e.owner));
	else m.rides.push(...entries);
}

/** Resolves the rides of this turn's scoring, clockwise from the active player (MM-MSG-9). */
export function startRides(g: Engine): void {
	const m = M(g.s);
	const rides = m.rides;
	m.rides = [];
	enqueue(g, rides, (e) => clockwise(g.s, e.owner));
}

interface Destination {
	root: number;
	kind: 'road' | 'city';
}

function destinations(g: Engine, e: Entry): Destination[] {
	const s = g.s;
	const out: Destination[] = [];
	const open = (r: number) => s.open[r] > 0 || (e.extra ?? []).includes(r);
	for (const seg of e.ends ?? []) {
		const b = s.st[seg];
		const t = g.c.tiles[s.bt[b]];
		const end = roadEnd(t, s.sl[seg]);
		if (!end) continue;
		const add = (local: number, kind: Destination['kind']) => {
			const r = find(s, s.bseg[b] + local);
			if (open(r) && !out.some((d) => d.root === r)) out.push({ root: r, kind });
		};
		if ('city' in end) add(end.city, 'city');
		else for (const j of end.roads) add(j, 'road');
	}
	return out;
}

function rideOptions(g: Engine, e: Entry): Move[] {
	const s = g.s;
	const out: Move[] = [];
	for (const d of destinations(g, e))
		for (const seg of segsOf(s, d.root)) {
			const b = s.st[seg];
			out.push({
				type: 'messenger',
				choice: d.kind,
				x: s.bx[b],
				y: s.by[b],
				feature: featureOf(g, seg).id
			});
		}
	return out;
}

PREPARE.ride = (g, e) => {
	if (g.s.pieces[e.piece].seg >= 0) return null;
	if (rideOptions(g, e).length === 0) {
		emit(
			g,
			{ type: 'messengerReturns', rules: ['MM-MSG-3'], player: e.owner },
			() =>
				`${playerName(g, e.owner)}'s messenger has no open road or city to ride on to: it stays in supply.`
		);
		return null;
	}
	return { kind: 'messenger', player: e.owner, data: { piece: e.piece } };
};

export function messengerMoves(g: Engine, _step: Step, out: Move[]): void {
	out.push({ type: 'messenger', choice: 'return' });
	for (const m of rideOptions(g, M(g.s).queue[0])) out.push(m);
}

export function messengerMove(
	g: Engine,
	move: Record<string, unknown>,
	step: Step
): Refusal | null {
	const s = g.s;
	const e = M(s).queue[0];
	if (move.choice === 'return') {
		emit(
			g,
			{ type: 'messengerReturns', rules: ['MM-MSG-3'], player: e.owner },
			() => `${playerName(g, e.owner)} takes the messenger back.`
		);
		decided(g);
		return null;
	}
	const b = tileAtXY(g, move.x as number, move.y as number);
	const local = b < 0 ? -1 : g.c.tiles[s.bt[b]].features.findIndex((f) => f.id === move.feature);
	const root = local < 0 ? -1 : find(s, s.bseg[b] + local);
	const d = destinations(g, e).find((x) => x.root === root);
	if (!d || d.kind !== move.choice)
		return {
			code: 'no-ride',
			message: `${playerName(g, step.player)}'s messenger cannot ride to ${move.feature} at (${move.x},${move.y}): not an open road at the same crossroads or the open city the road ends at`,
			rules: ['MM-MSG-3', 'MM-MSG-5', 'MM-MSG-6', 'MM-MSG-7', 'MM-R5']
		};
	putPiece(g, e.piece, s.bseg[b] + local);
	const rules =
		d.kind === 'road' ? ['MM-MSG-3', 'MM-MSG-5', 'MM-MSG-6'] : ['MM-MSG-3', 'MM-MSG-7', 'MM-MSG-8'];
	emit(
		g,
		{
			type: 'messengerRides',
			rules,
			player: e.owner,
			kind: d.kind,
			x: move.x,
			y: move.y,
			feature: move.feature
		},
		() =>
			`${playerName(g, e.owner)}'s messenger rides on into the ${d.kind} and stands on ${move.feature} at (${move.x},${move.y}).`
	);
	// ruling MM-R5 = unscored-still-open: a feature this tile completed scores with the messenger in it
	if (s.open[root] === 0) scoreFeature(g, root, 'complete');
	decided(g);
	return null;
}
