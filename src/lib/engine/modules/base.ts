// Long because: one rule module, the whole base game (placement, followers, completion, scoring, farm rulings), whose hooks read together.
// The base game as a rule module: tile placement, followers, completion, scoring during play and
// at the end (fields per field, or the older farm editions as rulings).
import { find, featureOf, featureTiles, fieldCities, tileCount, occupant } from '../features.ts';
import {
	scoreFeature,
	playerName,
	figureRef,
	returnPiece,
	strengthRules,
	partPer,
	perTerms
} from '../scoring.ts';
import { emit } from '../events.ts';
import { partCredit } from '../credit.ts';
import { putTile, placementRefusal } from '../board.ts';
import { perContext, perPieces } from '../per-context.ts';
import { figureRulesOf } from '../data-held-tile-words.ts';
import { K_FIELD } from '../types.ts';
import type {
	DeployMove,
	Engine,
	Piece,
	FeatureValue,
	FigureType,
	Move,
	PlaceMove,
	Refusal,
	RuleModule,
	ScoreEvent,
	Step
} from '../types.ts';
import { POINTS_RANGE } from '../limits.ts';
import { mapped, filled } from '../arrays.ts';

const ROLE: Record<string, string> = {
	road: 'thief',
	city: 'knight',
	monastery: 'monk',
	field: 'farmer',
	garden: 'gardener',
	stable: 'stable hand'
};

const follower: FigureType = {
	id: 'follower',
	name: 'Follower',
	perPlayer: 7,
	follower: true,
	features: ['road', 'city', 'monastery', 'field'],
	strength: () => 1,
	rules: ['BASE-1.4.1', 'BASE-1.4.2']
};

/** A piece of this kind in `owner`'s supply or, for neutral figures, the general supply. */
export function inSupply(engine: Engine, kind: string, owner: number): number {
	const ps = engine.state.pieces;
	for (let i = 0; i < ps.length; i++)
		if (ps[i].seg === -1 && ps[i].kind === kind && (ps[i].owner === owner || ps[i].owner === -1))
			return i;
	return -1;
}

/** The pieces (indexes, in piece order) of the given kinds, found once per pieces array (perPieces). */
export function piecesOfKinds(...kinds: string[]): (ps: readonly Piece[]) => readonly number[] {
	return perPieces((ps) => {
		const list: number[] = [];
		for (let i = 0; i < ps.length; i++) if (kinds.includes(ps[i].kind)) list.push(i);
		return list;
	});
}

/** Stands a piece on segment `seg` (of the tile that segment belongs to) and adds it to the feature's pieces. */
export function putPiece(engine: Engine, piece: number, seg: number): void {
	const state = engine.state;
	const p = state.pieces[piece];
	p.seg = seg;
	p.tile = state.segmentTile[seg];
	(state.featurePieces[find(state, seg)] ??= []).push(piece);
}

/** Why `player` may not deploy figure type `ft` on local feature `local` of the tile just placed (figureMoves lists with the same checks). */
function deployRefusal(
	engine: Engine,
	player: number,
	ft: FigureType,
	local: number
): Refusal | null {
	const state = engine.state;
	const b = state.placed;
	const t = engine.rules.tiles[state.boardTile[b]];
	const f = t.features[local];
	if (!ft.features.includes(f.kind)) {
		const rules =
			f.kind === 'river' ? ['RIVER-3.1.3'] : f.kind === 'garden' ? ['ABBOT-6.2.1'] : ft.rules;
		return {
			code: 'wrong-feature',
			message: `a ${ft.name.toLowerCase()} cannot stand on a ${f.kind}`,
			rules,
			details: { feature: f.id, kind: f.kind }
		};
	}
	if (inSupply(engine, ft.id, player) < 0)
		return {
			code: 'no-figure',
			message: `${playerName(engine, player)} has no ${ft.name.toLowerCase()} left in supply`,
			rules: ['BASE-1.1.2', ...ft.rules]
		};
	const seg = state.boardFirstSegment[b] + local;
	const root = find(state, seg);
	if (ft.follower && !ft.joinsOccupied) {
		const occ = occupant(engine, root);
		if (occ >= 0) {
			const ref = figureRef(engine, occ);
			return {
				code: 'feature-occupied',
				message: `the ${f.kind} already holds ${playerName(engine, ref.owner)}'s ${ref.figure} at (${ref.x},${ref.y}) on ${ref.feature}`,
				rules: ['BASE-1.4.3', ...(engine.rules.figures.get(ref.figure)?.occupiedRules ?? [])],
				details: { occupant: ref }
			};
		}
	}
	if (ft.canDeploy) {
		const r = ft.canDeploy(engine, player, seg, root);
		if (r) return r;
	}
	for (const h of engine.rules.hooks.deployCheck) {
		const r = h(engine, player, ft.id, seg);
		if (r) return r;
	}
	return null;
}

/** Per rules context: each figure type's position in rules.figures, and per tile the deployments its local features offer (by kind). */
interface DeployTable {
	at: Map<string, number>;
	/** Scratch: per figure type, whether the player has one in supply. */
	have: number[];
	/** Scratch: per local feature of the tile just placed, 1 when a follower occupies it, 0 when not, -1 not looked up yet. */
	occupied: Int8Array;
	/** The figure types, by position. */
	types: FigureType[];
	/**
	 * Per tile: the deployments its features offer, in listing order (deployable figure types in
	 * context order, then the tile's features they may stand on), as (figure type position, local
	 * feature) pairs, and the deploy move of each (built once, shared by every listing: moves are never
	 * changed). Flat: listing a tile's deployments reads a few cache lines, not three per figure type.
	 */
	pairs: Int32Array[];
	moves: DeployMove[][];
}
const deployTable = perContext((rules): DeployTable => {
	const types = [...rules.figures.values()];
	const at = new Map(types.map((ft, i) => [ft.id, i]));
	const pairs: Int32Array[] = [];
	const moves: DeployMove[][] = [];
	for (const t of rules.tiles) {
		const flat: number[] = [];
		const tileMoves: DeployMove[] = [];
		types.forEach((ft, i) => {
			if (ft.deployable === false) return;
			t.features.forEach((f, l) => {
				if (!ft.features.includes(f.kind)) return;
				flat.push(i, l);
				tileMoves.push({ type: 'deploy', figure: ft.id, feature: f.id });
			});
		});
		pairs.push(Int32Array.from(flat));
		moves.push(tileMoves);
	}
	return {
		at,
		types,
		have: types.map(() => 0),
		occupied: new Int8Array(Math.max(1, ...rules.tiles.map((t) => t.features.length))),
		pairs,
		moves
	};
});

/**
 * The runs of pieces of one kind and one owner in a pieces array, as [start, end, owner, kind's
 * position in the deploy table (-1: none)] × runs: the pieces a game starts with come by kind, then
 * owner. Found once per rules context and pieces array.
 */
const pieceRuns = perContext((rules) =>
	perPieces((ps): readonly number[] => {
		const table = deployTable(rules);
		const runs: number[] = [];
		for (let i = 0; i < ps.length; i++) {
			const p = ps[i];
			const at = runs.length - 4;
			if (at >= 0 && ps[i - 1].kind === p.kind && runs[at + 2] === p.owner) runs[at + 1] = i + 1;
			else runs.push(i, i + 1, p.owner, table.at.get(p.kind) ?? -1);
		}
		return runs;
	})
);

export function figureMoves(engine: Engine, step: Step, out: Move[]): void {
	const state = engine.state;
	const b = state.placed;
	if (b >= 0) {
		const t = engine.rules.tiles[state.boardTile[b]];
		const table = deployTable(engine.rules);
		// the kinds inSupply would find for this player, in one pass over the pieces
		const have = table.have;
		for (let k = 0; k < have.length; k++) have[k] = 0;
		const ps = state.pieces;
		// per run of pieces of one kind and owner, the first one in supply (usually the run's first)
		const runs = pieceRuns(engine.rules)(ps);
		for (let r = 0; r < runs.length; r += 4) {
			const k = runs[r + 3];
			const owner = runs[r + 2];
			if (k < 0 || have[k] === 1 || (owner !== step.player && owner !== -1)) continue;
			for (let i = runs[r]; i < runs[r + 1]; i++)
				if (ps[i].seg === -1) {
					have[k] = 1;
					break;
				}
		}
		const pairs = table.pairs[t.index];
		const moves = table.moves[t.index];
		const types = table.types;
		// deployRefusal's listing checks, each feature's occupant looked up once for every figure type
		const occupied = table.occupied;
		for (let i = 0; i < t.features.length; i++) occupied[i] = -1; // a loop: TypedArray fill is a builtin call for a few bytes
		const base = state.boardFirstSegment[b];
		const checks = engine.rules.hooks.deployCheck;
		next: for (let j = 0; j < pairs.length; j += 2) {
			const at = pairs[j];
			if (have[at] === 0) continue;
			const ft = types[at];
			const i = pairs[j + 1];
			const seg = base + i;
			if (ft.follower && !ft.joinsOccupied) {
				let o = occupied[i];
				if (o === -1) o = occupied[i] = occupant(engine, find(state, seg)) >= 0 ? 1 : 0;
				if (o === 1) continue;
			}
			if (ft.canDeploy && ft.canDeploy(engine, step.player, seg, find(state, seg))) continue;
			for (let h = 0; h < checks.length; h++)
				if (checks[h](engine, step.player, ft.id, seg)) continue next;
			out.push(moves[j >> 1]);
		}
	}
	for (const h of engine.rules.hooks.figureOptions) h(engine, step.player, out);
	out.push(PASS);
}
/** The listed pass (one object for every listing). */
const PASS: Move = { type: 'pass' };

function place(engine: Engine, move: PlaceMove, step: Step): Refusal | null {
	const state = engine.state;
	const t = engine.rules.tiles[state.tile];
	if (move.tile !== undefined && move.tile !== t.key)
		return {
			code: 'wrong-tile',
			message: `the tile to place is ${t.key}, not ${move.tile}`,
			rules: ['BASE-1.2.1']
		};
	const r = placementRefusal(engine, state.tile, move.x, move.y, move.rotation);
	if (r) return r;
	const b = putTile(engine, state.tile, move.x, move.y, move.rotation);
	state.placed = b;
	state.tile = -1;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'place',
				rules: ['BASE-1.2.1', 'BASE-1.3.2'],
				player: step.player,
				tile: t.key,
				x: move.x,
				y: move.y,
				rotation: move.rotation
			},
			() =>
				`${playerName(engine, step.player)} places ${t.key} at (${move.x},${move.y}), rotated ${move.rotation * 90}°.`
		);
	return null;
}

function deploy(engine: Engine, move: DeployMove, step: Step): Refusal | null {
	const state = engine.state;
	const ft = engine.rules.figures.get(move.figure);
	if (!ft || ft.deployable === false)
		return {
			code: 'unknown-figure',
			message: `no figure '${move.figure}' can be placed in this game`,
			rules: ['BASE-1.4.1']
		};
	const t = engine.rules.tiles[state.boardTile[state.placed]];
	let local = t.features.length - 1;
	while (local >= 0 && t.features[local].id !== move.feature) local--;
	if (local < 0) {
		// a wildcard tile without features (a town hall) holds nothing: no figure may ever stand on it
		if (t.wildcard)
			return {
				code: 'no-such-feature',
				message: `no figure may be placed on a ${(t.def.name ?? 'tile that fits anything').toLowerCase()}`,
				rules: [...(figureRulesOf(engine.rules).get(t.index) ?? []), 'BASE-1.4.1']
			};
		return {
			code: 'no-such-feature',
			message: `${t.key} has no feature '${move.feature}'`,
			rules: ['BASE-1.4.1']
		};
	}
	const def = engine.rules.steps.get(step.kind);
	if (def?.figures && !def.figures.includes(ft.id))
		return {
			code: 'wrong-figure',
			message: `only ${def.figures.join(' or ')} may be placed now: ${def.describe}`,
			rules: def.rules ?? ['BASE-1.4.1']
		};
	const r = deployRefusal(engine, step.player, ft, local);
	if (r) return r;
	const piece = inSupply(engine, ft.id, step.player);
	putPiece(engine, piece, state.boardFirstSegment[state.placed] + local);
	state.acted = true;
	const kind = t.features[local].kind;
	if (!engine.silent)
		emit(
			engine,
			{
				type: 'deploy',
				rules: def?.rules ? [...ft.rules, ...def.rules] : ft.rules,
				player: step.player,
				figure: ft.id,
				piece,
				x: state.boardX[state.placed],
				y: state.boardY[state.placed],
				feature: move.feature,
				kind
			},
			() => {
				// a role only for followers outside gardens: a pig is no farmer, an abbot on a garden stays an abbot
				const name = ft.neutral
					? ft.name
					: `${/^[aeiou]/i.test(ft.name) ? 'an' : 'a'} ${ft.name.toLowerCase()}`;
				const role = ft.follower && kind !== 'garden' ? ` as ${ROLE[kind] ?? kind}` : '';
				return `${playerName(engine, step.player)} places ${name}${role} on ${kind} ${move.feature} of (${state.boardX[state.placed]},${state.boardY[state.placed]}).`;
			}
		);
	return null;
}

function pass(engine: Engine, _move: Move, step: Step): Refusal | null {
	if (engine.silent) return null;
	const said = engine.rules.steps.get(step.kind)?.pass?.(engine, step);
	emit(
		engine,
		{ type: 'pass', rules: said?.rules ?? ['BASE-1.2.2'], player: step.player, step: step.kind },
		() => said?.text ?? `${playerName(engine, step.player)} places no figure.`
	);
	return null;
}

function cityRef(engine: Engine, root: number) {
	const state = engine.state;
	return {
		x: state.boardX[state.segmentTile[root]],
		y: state.boardY[state.segmentTile[root]],
		feature: featureOf(engine, root).id
	};
}

/** 1st farm edition: per completed city, the farmers' majority over all fields touching it gets 4. */
function scoreFarmsFirstEdition(engine: Engine): void {
	const state = engine.state;
	const byCity = new Map<number, number[]>();
	const fields: number[] = [];
	for (const p of state.pieces) {
		if (p.seg < 0) continue;
		const r = find(state, p.seg);
		if (featureOf(engine, r).kind !== 'field' || fields.includes(r)) continue;
		fields.push(r);
		for (const c of fieldCities(engine, r).complete) {
			const l = byCity.get(c) ?? [];
			l.push(r);
			byCity.set(c, l);
		}
	}
	const players = state.players.length;
	for (const [city, fs] of byCity) {
		// strength per player, the last slot for neutral figures, as in scoreFeature
		const strengths = filled(players + 1, 0);
		const refs = [];
		const all: number[] = [];
		for (const f of fs)
			for (const pc of state.featurePieces[f] ?? []) {
				const ft = engine.rules.figures.get(state.pieces[pc].kind);
				const st = ft ? ft.strength(engine, pc, f) : 0;
				strengths[state.pieces[pc].owner >= 0 ? state.pieces[pc].owner : players] += st;
				refs.push(figureRef(engine, pc, st));
				all.push(pc);
			}
		const max = Math.max(...strengths);
		let winners = max > 0 ? state.players.flatMap((_, p) => (strengths[p] === max ? [p] : [])) : [];
		// the other modules' majority rules (a figure's denial, a wins rule) see all the farmers around the city
		// as one feature: lend them to the first field while the hooks run
		const own = state.featurePieces[fs[0]];
		state.featurePieces[fs[0]] = all;
		const v: FeatureValue = {
			kind: 'field',
			mode: 'final',
			complete: false,
			parts: [],
			zero: null,
			rules: [],
			facts: {}
		};
		for (const h of engine.rules.hooks.winners)
			winners = h(engine, fs[0], strengths, winners, v) ?? winners;
		state.featurePieces[fs[0]] = own;
		for (const w of winners) state.scores[w] += 4;
		const ev: ScoreEvent = {
			type: 'score',
			final: true,
			mode: 'final',
			feature: {
				kind: 'city',
				at: cityRef(engine, city),
				tiles: mapped(featureTiles(state, city), (b) => ({
					x: state.boardX[b],
					y: state.boardY[b]
				})),
				complete: true,
				farmers: true
			},
			figures: refs,
			strengths: Object.fromEntries(
				strengths.flatMap((v, p) => (v > 0 ? [[p === players ? 'neutral' : String(p), v]] : []))
			),
			winners,
			why:
				v.won ??
				(!winners.length
					? refs.length
						? 'the majority scores nothing'
						: 'no farmers'
					: max > 0
						? `most farmers around the city (strength ${max})`
						: 'nobody has strength above 0, yet they score'),
			points: 4,
			arithmetic: '1 city × 4 = 4',
			awards: mapped(winners, (p) => ({
				player: p,
				points: 4,
				arithmetic: '1 city × 4 = 4',
				rules: ['BASE-1.9']
			})),
			returned: [],
			rules: [
				'BASE-1.9',
				'BASE-1.6.1',
				...strengthRules(engine, refs),
				...(winners.length ? v.rules : [])
			]
		};
		if (!engine.quiet)
			ev.text = `Farmers around the city at (${ev.feature.at.x},${ev.feature.at.y}): ${winners.map((p) => `${playerName(engine, p)} +4`).join(', ') || 'nobody scores'} (1st farm edition, BASE-R2).`;
		if (!engine.silent) engine.events.push(ev);
	}
	for (const f of fields)
		for (const pc of [...(state.featurePieces[f] ?? [])]) returnPiece(engine, pc);
}

export const base: RuleModule = {
	id: 'base',
	name: 'Base game',
	rules: {
		'BASE-1.1.1': 'The start tile lies face up at (0,0); every other tile is drawn at random.',
		'BASE-1.1.2': 'Each player has 7 followers in supply (the 8th counts the score).',
		'BASE-1.2.1': 'A turn starts by drawing a tile and placing it: that is mandatory.',
		'BASE-1.2.2': 'Then the player may place one follower from supply on the tile just placed.',
		'BASE-1.2.3':
			'Last, every feature the tile completed is scored and its figures go back to supply.',
		'BASE-1.2.4': 'A follower returned by this turn’s scoring cannot be placed again this turn.',
		'BASE-1.3.1': 'A tile must touch at least one placed tile along an edge, on an empty cell.',
		'BASE-1.3.2':
			'Every edge touching a placed tile must match: city to city, road to road, field to field.',
		'BASE-1.3.3': 'A tile may be turned to any of its four rotations.',
		'BASE-1.3.4': 'Monasteries need no matching: only the edges around them count.',
		'BASE-1.3.5': 'Creating a hole no tile can ever fill is allowed.',
		'BASE-1.3.6': 'A tile that fits nowhere goes back to the box and the player draws another.',
		'BASE-1.4.1': 'At most one follower per turn, and only on the tile just placed.',
		'BASE-1.4.2':
			'The follower goes on one feature of that tile: road (thief), city (knight), monastery (monk) or field (farmer).',
		'BASE-1.4.3':
			'No follower may join a road, city or field that already holds one, however far away, even your own.',
		'BASE-1.4.4':
			'Occupied features may later join through a tile, and then hold several followers.',
		'BASE-1.4.5': 'A placed follower stays until its feature is scored.',
		'BASE-1.4.6':
			'A follower may go on a feature the same tile completes: it scores and returns at once.',
		'BASE-1.5.1':
			'A road is complete when both ends stop (junction, city, monastery) or it closes a loop.',
		'BASE-1.5.2': 'A city is complete when its walls are closed with no gap.',
		'BASE-1.5.3': 'A monastery is complete when all 8 tiles around it are placed.',
		'BASE-1.5.4': 'Fields never complete; they score at the end of the game.',
		'BASE-1.5.5': 'A tile counts once for a feature even if the feature crosses it twice.',
		'BASE-1.6': 'Completed: road 1 per tile; city 2 per tile and 2 per pennant; monastery 9.',
		'BASE-1.6.1':
			'The players with the greatest total strength in the feature (above 0) score; tied players each score in full.',
		'BASE-1.6.2': 'A completed feature without figures scores for nobody and stays complete.',
		'BASE-1.6.3': 'Completing a feature scores for every player in it, whoever placed the tile.',
		'BASE-1.6.4':
			'After a scoring every figure in the feature returns to its owner, majority or not.',
		'BASE-1.7':
			'At the end: road 1 per tile; city 1 per tile and 1 per pennant; monastery 1 plus 1 per neighbour.',
		'BASE-1.7.1':
			'At the end each field scores 3 per completed city it borders, for the farmers’ majority of that field.',
		'BASE-1.7.2':
			'A city borders a field once however many walls they share; a city counts for every field it borders.',
		'BASE-1.7.3': 'After final scoring the most points wins.',
		'BASE-1.8.1': 'A completed two-tile city scores like any city: 4 plus pennants (current rule).',
		'BASE-1.8.2':
			'Early first edition: a completed two-tile city scored 1 per tile and 1 per pennant (ruling BASE-R1).',
		'BASE-1.9':
			'Farm scoring editions: per field (3rd, current), per field with each city once per player (2nd), per city with 4 points (1st) (ruling BASE-R2).'
	},
	rulings: [
		{
			id: 'BASE-R1',
			description: 'How a completed city of exactly two tiles scores.',
			default: 'modern',
			options: {
				modern: '2 per tile + 2 per pennant, like any city (BASE-1.8.1)',
				'c1-early': '1 per tile + 1 per pennant (first edition to 2002, BASE-1.8.2)'
			},
			rules: ['BASE-1.8.1', 'BASE-1.8.2']
		},
		{
			id: 'BASE-R2',
			description: 'Which farm-scoring edition applies at the end.',
			default: '3rd',
			options: {
				'3rd': 'per field: 3 per completed city, majority per field (current)',
				'2nd': 'per field, but each city pays a player at most once',
				'1st':
					'per city: the farmers’ majority over all fields around a completed city gets 4 (per-field bonuses of other expansions — pig, note tokens, the fairy’s 3 — do not apply: they are defined per field)'
			},
			rules: ['BASE-1.9', 'BASE-1.7.1']
		},
		{
			id: 'BASE-R3',
			description:
				'May followers be placed in fields as farmers? (JCloisterZone’s game setup can leave the farmers out.)',
			default: 'farmers',
			options: {
				farmers: 'yes: a follower in a field is a farmer (BASE-1.4.2)',
				'no-farmers': 'no: fields hold no figures and score nothing'
			},
			rules: ['BASE-1.4.2']
		}
	],
	parameters: {
		roadTilePoints: 1,
		cityTilePoints: 2,
		cityPennantPoints: 2,
		incompleteCityTilePoints: 1,
		incompleteCityPennantPoints: 1,
		monasteryPoints: 9,
		fieldCityPoints: 3
	},
	parameterRanges: {
		roadTilePoints: POINTS_RANGE,
		cityTilePoints: POINTS_RANGE,
		cityPennantPoints: POINTS_RANGE,
		incompleteCityTilePoints: POINTS_RANGE,
		incompleteCityPennantPoints: POINTS_RANGE,
		monasteryPoints: POINTS_RANGE,
		fieldCityPoints: POINTS_RANGE
	},
	figures: [follower],
	features: {
		road: 'BASE-1.5.1',
		city: 'BASE-1.5.2',
		monastery: 'BASE-1.5.3',
		field: 'BASE-1.5.4'
	},
	modifiers: { pennants: 'BASE-1.6' },
	steps: {
		place: { accepts: ['place'], describe: 'place the drawn tile', moves: () => undefined },
		figure: { accepts: ['deploy', 'pass'], describe: 'place a figure or pass', moves: figureMoves }
	},
	moves: { place: place, deploy: deploy, pass },
	// statements and rules checked only when a move is refused (BASE-1.1.2 no follower left, BASE-1.3.1/1.3.3 where a tile may go, BASE-1.4.3 occupied)
	uncited: [
		'BASE-1.1.2',
		'BASE-1.2.3',
		'BASE-1.2.4',
		'BASE-1.3.1',
		'BASE-1.3.3',
		'BASE-1.3.4',
		'BASE-1.3.5',
		'BASE-1.4.3',
		'BASE-1.4.4',
		'BASE-1.4.5',
		'BASE-1.4.6',
		'BASE-1.5.1',
		'BASE-1.5.2',
		'BASE-1.5.4',
		'BASE-1.5.5',
		'BASE-1.6.2',
		'BASE-1.6.3',
		'BASE-1.6.4'
	],
	onlyWhen: {
		'BASE-1.8.1': { rulings: { 'BASE-R1': ['modern'] } },
		'BASE-1.8.2': { rulings: { 'BASE-R1': ['c1-early'] } },
		'BASE-1.9': { rulings: { 'BASE-R2': ['1st', '2nd'] } }
	},
	hookWhen: {
		deployCheck: (rulings) => rulings['BASE-R3'] === 'no-farmers',
		awards: (rulings) => rulings['BASE-R2'] === '2nd'
	},
	hooks: {
		deployCheck(engine, _player, _figure, seg) {
			if (engine.rules.rulings['BASE-R3'] !== 'no-farmers') return null;
			const state = engine.state;
			if (
				engine.rules.tiles[state.boardTile[state.segmentTile[seg]]].features[
					state.segmentFeature[seg]
				].kindCode !== K_FIELD
			)
				return null;
			return {
				code: 'no-farmers',
				message: 'no figure stands in a field in this game (no farmers)',
				rules: ['BASE-R3', 'BASE-1.4.2']
			};
		},
		value(engine, root, v) {
			const state = engine.state;
			const final = v.mode !== 'complete';
			switch (v.kind) {
				case 'road': {
					const n = tileCount(state, root);
					const rule = final ? 'BASE-1.7' : 'BASE-1.6';
					v.parts.push({
						id: 'tiles',
						label: 'tile',
						count: n,
						per: engine.rules.params.roadTilePoints,
						rule
					});
					v.rules.push(rule);
					break;
				}
				case 'city': {
					const n = tileCount(state, root);
					let pennants = 0;
					for (
						let seg = state.nextSegment[state.lastSegment[root]], k = state.featureSize[root];
						k > 0;
						k--, seg = state.nextSegment[seg]
					)
						pennants += featureOf(engine, seg).pennants;
					const p = engine.rules.params;
					let per = final ? p.incompleteCityTilePoints : p.cityTilePoints;
					let perPennant = final ? p.incompleteCityPennantPoints : p.cityPennantPoints;
					const rules = [final ? 'BASE-1.7' : 'BASE-1.6'];
					if (!final && n === 2) {
						if (engine.rules.rulings['BASE-R1'] === 'c1-early') {
							per = 1;
							perPennant = 1;
							rules.push('BASE-1.8.2');
						} else rules.push('BASE-1.8.1');
					}
					// a 2-tile city's 1 a tile by ruling BASE-R1 (c1-early) is BASE-1.8.2's, else BASE-1.6's (1.7 at the end)
					const cityRule = rules.includes('BASE-1.8.2') ? 'BASE-1.8.2' : rules[0];
					v.parts.push(
						{ id: 'tiles', label: 'tile', count: n, per, rule: cityRule },
						{
							id: 'pennants',
							label: 'pennant',
							count: pennants,
							per: perPennant,
							rule: cityRule
						}
					);
					v.rules.push(...rules);
					v.facts.pennants = pennants;
					break;
				}
				case 'monastery':
				case 'garden': {
					const b = state.segmentTile[root];
					const rule = final ? 'BASE-1.7' : 'BASE-1.6';
					if (v.mode === 'complete')
						v.parts.push({
							id: 'complete',
							label: `completed ${v.kind}`,
							count: 1,
							per: engine.rules.params.monasteryPoints,
							rule
						});
					else
						v.parts.push(
							{ id: 'self', label: v.kind, count: 1, per: 1, rule },
							{
								id: 'neighbours',
								label: 'neighbour',
								count: state.boardNeighbours[b],
								per: 1,
								rule
							}
						);
					v.rules.push(rule, 'BASE-1.5.3');
					break;
				}
				case 'field': {
					const { complete } = fieldCities(engine, root);
					v.parts.push({
						id: 'cities',
						label: 'completed city',
						count: complete.length,
						per: engine.rules.params.fieldCityPoints,
						rule: 'BASE-1.7.1'
					});
					v.rules.push('BASE-1.7.1', 'BASE-1.7.2');
					// read only by the explained score event (scoring.ts scoreEvent)
					if (!engine.silent) v.facts.cities = complete.map((c) => cityRef(engine, c));
					v.facts.cityRoots = complete;
					break;
				}
			}
		},
		awards(engine, root, v, _winners, awards) {
			if (v.kind !== 'field' || engine.rules.rulings['BASE-R2'] !== '2nd') return;
			const base = (engine.state.moduleState.base ??= {}) as { paid?: Record<string, number[]> };
			const paid = (base.paid ??= {});
			const cities = (v.facts.cityRoots as number[]) ?? [];
			const part = v.parts.find((p) => p.id === 'cities');
			const per = part ? partPer(part) : 3;
			for (const a of awards) {
				const mine = (paid[a.player] ??= []);
				const fresh = cities.filter((c) => !mine.includes(c));
				mine.push(...fresh);
				a.points = fresh.length * per;
				// the cities not yet paid, each at its value's terms (a note token's bonus too)
				if (a.credit && part) {
					a.credit = [];
					partCredit(part, fresh.length, 'BASE-1.9', a.credit);
				}
				a.arithmetic = `${fresh.length} not yet paid ${fresh.length === 1 ? 'city' : 'cities'} × ${part?.extra?.length ? `(${perTerms(part)})` : per} = ${a.points}`;
				a.rules = [...a.rules, 'BASE-1.9'];
			}
		},
		finalScoring(engine) {
			const state = engine.state;
			if (engine.rules.rulings['BASE-R2'] === '1st') return scoreFarmsFirstEdition(engine);
			const done = new Set<number>();
			for (let i = 0; i < state.pieces.length; i++) {
				const p = state.pieces[i];
				if (p.seg < 0 || engine.rules.figures.get(p.kind)?.token) continue; // tokens trigger no scoring
				const r = find(state, p.seg);
				if (done.has(r)) continue;
				done.add(r);
				if (featureOf(engine, r).kind === 'field') scoreFeature(engine, r, 'final');
			}
		}
	}
};
