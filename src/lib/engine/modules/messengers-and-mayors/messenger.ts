// The messenger: after its road is scored it may ride on to another road ending at the same
// crossroads, or into the city the road ends at (neither completed), onto a tile of its choice.
import { find, featureOf, segsOf } from '../../features.ts';
import { emit } from '../../events.ts';
import { tileAtXY } from '../../board-index.ts';
import { SIDES } from '../../../formats/geometry.ts';
import { playerName, scoreFeature } from '../../scoring.ts';
import { putPiece } from '../base.ts';
import { M, PREPARE, clockwise, decided, enqueue, type Entry } from './state.ts';
import type {
	CTile,
	Engine,
	FigureType,
	Move,
	Refusal,
	ScoreEvent,
	Step,
	ModuleMove
} from '../../types.ts';
import { mapped } from '../../arrays.ts';
import { PHASE_AFTER_SCORE } from '../../phases.ts';

export const messenger: FigureType = {
	id: 'messenger',
	name: 'Messenger',
	perPlayer: 1,
	follower: true,
	features: ['road'],
	strength: (engine) => engine.rules.params.messengerStrength,
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
export function collectRides(engine: Engine, root: number, ev: ScoreEvent): void {
	const state = engine.state;
	const m = M(state);
	m.scored.push(root);
	if (ev.mode !== 'complete' || ev.feature.kind !== 'road') return;
	const riders = (state.featurePieces[root] ?? []).filter(
		(pc) => state.pieces[pc].kind === 'messenger' && state.pieces[pc].owner >= 0
	);
	if (!riders.length) return;
	const ends = segsOf(state, root).filter((seg) => featureOf(engine, seg).sides === 1);
	let extra: number[] | undefined;
	if (engine.rules.rulings['MM-R5'] === 'unscored-still-open' && state.placed >= 0) {
		// roads and cities this tile completed that are not scored yet stay open for the ride
		const t = engine.rules.tiles[state.boardTile[state.placed]];
		extra = [];
		for (let i = 0; i < t.features.length; i++) {
			const r = find(state, state.boardFirstSegment[state.placed] + i);
			if (state.openEdges[r] === 0 && r !== root && !m.scored.includes(r) && !extra.includes(r))
				extra.push(r);
		}
	}
	const entries: Entry[] = mapped(riders, (pc) => ({
		k: 'ride',
		piece: pc,
		owner: state.pieces[pc].owner,
		ends,
		...(extra ? { extra } : {})
	}));
	if (state.phase >= PHASE_AFTER_SCORE) enqueue(engine, entries, (e) => clockwise(state, e.owner));
	else m.rides.push(...entries);
}

/** Resolves the rides of this turn's scoring, clockwise from the active player (MM-MSG-9). */
export function startRides(engine: Engine): void {
	const m = M(engine.state);
	const rides = m.rides;
	m.rides = [];
	enqueue(engine, rides, (e) => clockwise(engine.state, e.owner));
}

interface Destination {
	root: number;
	kind: 'road' | 'city';
}

function destinations(engine: Engine, e: Entry): Destination[] {
	const state = engine.state;
	const out: Destination[] = [];
	const open = (r: number) => state.openEdges[r] > 0 || (e.extra ?? []).includes(r);
	for (const seg of e.ends ?? []) {
		const b = state.segmentTile[seg];
		const t = engine.rules.tiles[state.boardTile[b]];
		const end = roadEnd(t, state.segmentFeature[seg]);
		if (!end) continue;
		const add = (local: number, kind: Destination['kind']) => {
			const r = find(state, state.boardFirstSegment[b] + local);
			if (open(r) && !out.some((d) => d.root === r)) out.push({ root: r, kind });
		};
		if ('city' in end) add(end.city, 'city');
		else for (const j of end.roads) add(j, 'road');
	}
	return out;
}

function rideOptions(engine: Engine, e: Entry): Move[] {
	const state = engine.state;
	const out: Move[] = [];
	for (const d of destinations(engine, e))
		for (const seg of segsOf(state, d.root)) {
			const b = state.segmentTile[seg];
			out.push({
				type: 'messenger',
				choice: d.kind,
				x: state.boardX[b],
				y: state.boardY[b],
				feature: featureOf(engine, seg).id
			});
		}
	return out;
}

PREPARE.ride = (engine, e) => {
	if (engine.state.pieces[e.piece].seg >= 0) return null;
	if (rideOptions(engine, e).length === 0) {
		emit(
			engine,
			{ type: 'messengerReturns', rules: ['MM-MSG-3'], player: e.owner },
			() =>
				`${playerName(engine, e.owner)}'s messenger has no open road or city to ride on to: it stays in supply.`
		);
		return null;
	}
	return { kind: 'messenger', player: e.owner, data: { piece: e.piece } };
};

export function messengerMoves(engine: Engine, _step: Step, out: Move[]): void {
	out.push({ type: 'messenger', choice: 'return' });
	for (const m of rideOptions(engine, M(engine.state).queue[0])) out.push(m);
}

export function messengerMove(engine: Engine, move: ModuleMove, step: Step): Refusal | null {
	const state = engine.state;
	const e = M(state).queue[0];
	if (move.choice === 'return') {
		emit(
			engine,
			{ type: 'messengerReturns', rules: ['MM-MSG-3'], player: e.owner },
			() => `${playerName(engine, e.owner)} takes the messenger back.`
		);
		decided(engine);
		return null;
	}
	const b = tileAtXY(engine, move.x as number, move.y as number);
	const local =
		b < 0
			? -1
			: engine.rules.tiles[state.boardTile[b]].features.findIndex((f) => f.id === move.feature);
	const root = local < 0 ? -1 : find(state, state.boardFirstSegment[b] + local);
	const d = destinations(engine, e).find((x) => x.root === root);
	if (!d || d.kind !== move.choice)
		return {
			code: 'no-ride',
			message: `${playerName(engine, step.player)}'s messenger cannot ride to ${move.feature} at (${move.x},${move.y}): not an open road at the same crossroads or the open city the road ends at`,
			rules: ['MM-MSG-3', 'MM-MSG-5', 'MM-MSG-6', 'MM-MSG-7', 'MM-R5']
		};
	putPiece(engine, e.piece, state.boardFirstSegment[b] + local);
	const rules =
		d.kind === 'road' ? ['MM-MSG-3', 'MM-MSG-5', 'MM-MSG-6'] : ['MM-MSG-3', 'MM-MSG-7', 'MM-MSG-8'];
	emit(
		engine,
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
			`${playerName(engine, e.owner)}'s messenger rides on into the ${d.kind} and stands on ${move.feature} at (${move.x},${move.y}).`
	);
	// ruling MM-R5 = unscored-still-open: a feature this tile completed scores with the messenger in it
	if (state.openEdges[root] === 0) scoreFeature(engine, root, 'complete');
	decided(engine);
	return null;
}
