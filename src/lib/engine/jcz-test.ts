// JCloisterZone's engine tests (.jcz with `test.assertions`) as our scenarios: the imported record
// is replayed through the engine and each assertion is read as an expectation on the state reached.
// An assertion of a kind not mapped here is reported as unsupported, never as passed.
import { contextOf } from './context.ts';
import { legalMoves } from './game.ts';
import { replay } from './replay.ts';
import { setupFromRecord } from './record.ts';
import { barnPointer, boardIndexAt, meepleId } from './jcz-record-messages.ts';
import type { Corner } from './modules/barn.ts';
import { placedTile } from './view.ts';
import type {
	Expansion,
	GameEvent,
	GameState,
	ModuleMove,
	Move,
	PlaceMove,
	ScoreEvent
} from './types.ts';
import { JCZ_MEEPLE_CLASSES, jczIdOf, type JczImport } from '../formats/jcz-game.ts';
import { JCZ_FEATURE_CLASS, jczLocation, parseLocation } from '../formats/jcz-vocabulary.ts';

export type AssertionStatus = 'passed' | 'failed' | 'unsupported';
export interface AssertionResult {
	assertion: string;
	status: AssertionStatus;
	/** What was found instead (failed) or why it is not read (unsupported). */
	detail?: string;
}
export interface JczTestResult {
	description: string;
	results: AssertionResult[];
	/** Why the game could not be replayed (every assertion then fails). */
	error?: string;
	state?: GameState;
	events: GameEvent[];
}

type Imported = Extract<JczImport, { ok: true }>;

/** JCZ's phase names for where the replay stopped (its turn stays open until a COMMIT). */
export function jczPhase(state: GameState, tail: string | null): string {
	if (state.finished) return 'GameOverPhase';
	const step = state.pending[0]?.kind;
	if (step === 'dragon') return 'DragonMovePhase';
	if (step === 'phantom') return 'PhantomPhase';
	// a wagon moving on, or moved and not committed yet (JCZ then asks to confirm)
	if (step === 'move-on' || tail === 'WAGON') return 'WagonPhase';
	// JCZ offers no action phase when there is nothing to do but pass
	if (step === 'princess') return 'ActionPhase'; // ruling DRAGON-R5 = must: her action is the only one
	if (tail === 'PLACE_TILE' && step === 'figure')
		return legalMoves(state).some((m) => m.type !== 'pass') ? 'ActionPhase' : 'CommitActionPhase';
	if (tail && tail !== 'COMMIT') return 'CommitActionPhase';
	if (step === 'place') return 'TilePhase';
	return `(${step ?? 'none'})`;
}

/** Replays an imported .jcz and reads its test's assertions against the state reached. */
export function runJczTest(
	imp: Imported,
	lookup: (id: string) => Expansion | undefined
): JczTestResult {
	const description = imp.test?.description ?? '';
	const assertions = imp.test?.assertions ?? [];
	const failAll = (error: string): JczTestResult => ({
		description,
		error,
		events: [],
		results: assertions.map((a) => ({ assertion: a, status: 'failed', detail: error }))
	});
	const { setup, moves, errors } = setupFromRecord(imp.record, lookup);
	if (!setup) return failAll(errors.join('; '));
	let r;
	let last: GameEvent[] = [];
	try {
		r = replay(setup, moves as Move[], {
			onStep: (i, _move, events) => {
				if (i === moves.length - 1) last = events;
			}
		});
	} catch (e) {
		return failAll(`the game cannot be played: ${e instanceof Error ? e.message : String(e)}`);
	}
	if (r.error)
		return failAll(
			`move ${r.error.index} ${JSON.stringify(moves[r.error.index])} is refused: ${r.error.refusal.message} [${r.error.refusal.rules.join(', ')}]`
		);
	const seen = untilCommit(r.state, r.events, last, imp.tail);
	const results = assertions.map((a) =>
		readAssertion(a, r.state, seen.events, imp.tail, seen.scores)
	);
	return { description, results, state: r.state, events: r.events };
}

/**
 * The events and scores JCZ has reached: a turn it left open (no COMMIT after the last move) is not
 * scored yet there, and the next turn has not begun (no fairy point), where our engine went on to
 * the next decision. The last move's events from its first scoring, point or draw on are cut.
 */
function untilCommit(
	state: GameState,
	events: GameEvent[],
	last: GameEvent[],
	tail: string | null
): { events: GameEvent[]; scores: number[] } {
	const scores = [...state.scores];
	if (!tail || tail === 'COMMIT' || state.finished) return { events, scores };
	const cut = last.findIndex(
		(e) =>
			(e.type === 'score' && !(e as ScoreEvent).final) ||
			e.type === 'draw' ||
			typeof e.points === 'number'
	);
	if (cut < 0) return { events, scores };
	const later = last.slice(cut);
	for (const e of later) {
		if (e.type === 'score') for (const w of (e as ScoreEvent).awards) scores[w.player] -= w.points;
		else if (typeof e.points === 'number' && typeof e.player === 'number')
			scores[e.player] -= e.points;
	}
	return { events: events.slice(0, events.length - later.length), scores };
}

/** A phase where the player places a figure: the action phase, or a wagon's move (WagonPhase). */
const acting = (phase: string) => phase === 'ActionPhase' || phase === 'WagonPhase';

const pts = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** One assertion against the state and events (JCZ's wording; a trailing full stop is allowed). */
export function readAssertion(
	text: string,
	state: GameState,
	events: GameEvent[],
	tail: string | null,
	scores: readonly number[] = state.scores
): AssertionResult {
	const a = text.trim().replace(/\.$/, '');
	const result = (ok: boolean, found: string): AssertionResult =>
		ok
			? { assertion: text, status: 'passed' }
			: { assertion: text, status: 'failed', detail: found };
	const player = (name: string) => state.players.indexOf(name);
	const phase = jczPhase(state, tail);
	let m: RegExpExecArray | null;

	if ((m = /^(\S+) has (-?\d+) points?$/.exec(a))) {
		const p = player(m[1]);
		if (p < 0) return result(false, `no player '${m[1]}'`);
		return result(scores[p] === Number(m[2]), `${m[1]} has ${pts(scores[p])}`);
	}
	if ((m = /^(\S+) scored ([\w-]+) for (-?\d+) points?$/.exec(a))) {
		const p = player(m[1]);
		const want = Number(m[3]);
		const scored = scoredBy(events, p, m[2]);
		if (scored === null)
			return {
				assertion: text,
				status: 'unsupported',
				detail: `points for '${m[2]}' are not read here`
			};
		return result(
			scored.includes(want),
			`${m[1]} scored ${m[2]} for ${scored.length ? scored.join(', ') : 'nothing'}`
		);
	}
	if ((m = /^phase is (\w+)$/i.exec(a))) return result(phase === m[1], `phase ${phase}`);
	if (a === 'Player can pass' || a === "Player can't pass") {
		const can =
			(phase === 'ActionPhase' || (phase === 'WagonPhase' && tail !== 'WAGON')) &&
			legalMoves(state).some((mv) => mv.type === 'pass');
		return result(can === (a === 'Player can pass'), `the player ${can ? 'can' : 'cannot'} pass`);
	}
	if (a === 'Undo is allowed' || a === 'Undo is not allowed') {
		// JCZ: undo is open after a move of the player still to act, never after a COMMIT or a dragon move
		const open =
			!state.finished &&
			tail !== null &&
			[
				'PLACE_TILE',
				'DEPLOY_MEEPLE',
				'WAGON',
				'PASS',
				'MOVE_NEUTRAL_FIGURE',
				'RETURN_MEEPLE'
			].includes(tail) &&
			state.log.at(-1)?.type !== 'dragon' &&
			phase !== 'TilePhase';
		return result(open === (a === 'Undo is allowed'), `undo is ${open ? '' : 'not '}allowed`);
	}
	if ((m = /^Available action (\S+)(?: for (\S+))?$/.exec(a))) {
		if (m[1] === 'TilePlacement') {
			const drawn = phase === 'TilePhase' ? drawnJczId(state) : null;
			return result(
				drawn !== null && (!m[2] || drawn === m[2]),
				drawn ? `the tile to place is ${drawn}` : `no tile to place (${phase})`
			);
		}
		if (m[1] === 'ReturnMeeple' && m[2] && RETURN_SOURCES[m[2]]) {
			const n = phase === 'ActionPhase' ? returnOptions(state, RETURN_SOURCES[m[2]]).length : 0;
			return result(n > 0, `${n} figures the ${RETURN_SOURCES[m[2]]} may send home`);
		}
		if (m[1] === 'Meeple' && m[2] && JCZ_MEEPLE_CLASSES[m[2]]) {
			const n = acting(phase) ? deployOptions(state, JCZ_MEEPLE_CLASSES[m[2]]).length : 0;
			return result(n > 0, `${n} places for a ${m[2]}`);
		}
		return {
			assertion: text,
			status: 'unsupported',
			detail: `action '${m[1]}${m[2] ? ` for ${m[2]}` : ''}' is not played here`
		};
	}
	if ((m = /^TilePlacement (\S+) options: (.*)$/.exec(a))) {
		if (phase !== 'TilePhase' || drawnJczId(state) !== m[1])
			return result(false, `the tile to place is ${drawnJczId(state) ?? 'none'} (${phase})`);
		const want = new Set<string>();
		for (const e of m[2].matchAll(/\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*-\s*\[([-\d,\s]+)\]/g))
			for (const rot of e[3].split(',')) want.add(`[${e[1]},${e[2]}]@${Number(rot)}`);
		const have = new Set(placementOptions(state));
		const missing = [...want].filter((o) => !have.has(o));
		const extra = [...have].filter((o) => !want.has(o));
		return result(
			!missing.length && !extra.length,
			`${missing.length ? `missing ${missing.join(' ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `also ${extra.join(' ')}` : ''}`
		);
	}
	if ((m = /^ReturnMeeple (PRINCESS|FESTIVAL) options: (.*)$/.exec(a))) {
		const want = new Set(
			[...m[2].matchAll(/\{([^,{}]+),([^,{}]+),([^,{}]+),\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\}/g)].map(
				(e) => pointerKey(e[2].trim(), e[3].trim(), Number(e[4]), Number(e[5]), e[1].trim())
			)
		);
		const have = new Set(
			phase === 'ActionPhase'
				? returnOptions(state, RETURN_SOURCES[m[1]]).map((o) =>
						pointerKey(o.feature, o.location, o.x, o.y, o.meeple)
					)
				: []
		);
		return compareSets(text, want, have);
	}
	if ((m = /^Meeple (\w+) options: (.*)$/.exec(a))) {
		const figure = JCZ_MEEPLE_CLASSES[m[1]];
		if (!figure)
			return {
				assertion: text,
				status: 'unsupported',
				detail: `meeple '${m[1]}' is not played here`
			};
		const want = new Set(
			[...m[2].matchAll(/\{([^,{}]+),([^,{}]+),\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\}/g)].map((e) =>
				pointerKey(e[1].trim(), e[2].trim(), Number(e[3]), Number(e[4]))
			)
		);
		const have = new Set(
			acting(phase)
				? deployOptions(state, figure).map((o) => pointerKey(o.feature, o.location, o.x, o.y))
				: []
		);
		return compareSets(text, want, have);
	}
	return {
		assertion: text,
		status: 'unsupported',
		detail: 'an assertion of this kind is not read here'
	};
}

/** A JCZ pointer (and meeple id) as a comparable key: the location's parts in one order. */
function pointerKey(feature: string, location: string, x: number, y: number, meeple = ''): string {
	const loc = parseLocation(location);
	const where = loc ? (loc.inner ?? [...loc.sides, ...loc.halves].sort().join('.')) : location;
	return `${meeple ? `${meeple} ` : ''}${feature} ${where} [${x},${y}]`;
}

/** Passed when the options JCZ lists are exactly ours; else what is missing and what is also offered. */
function compareSets(text: string, want: Set<string>, have: Set<string>): AssertionResult {
	const missing = [...want].filter((o) => !have.has(o));
	const extra = [...have].filter((o) => !want.has(o));
	if (!missing.length && !extra.length) return { assertion: text, status: 'passed' };
	return {
		assertion: text,
		status: 'failed',
		detail: `${missing.length ? `missing ${missing.join('; ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `also ${extra.join('; ')}` : ''}`
	};
}

/** Points each award of a kind gave a player (JCZ's names: road, city, field, monastery, garden, fairy); null for a kind not read. */
function scoredBy(events: GameEvent[], player: number, kind: string): number[] | null {
	const fairy = (r: string[]) => r.includes('DRAGON-4.5.2');
	if (kind === 'fairy')
		return events.flatMap((e) =>
			e.type === 'fairyPoint' && e.player === player
				? [e.points as number]
				: e.type === 'score'
					? (e as ScoreEvent).awards
							.filter((w) => w.player === player && fairy(w.rules))
							.map((w) => w.points)
					: []
		);
	const ours: Record<string, string> = {
		road: 'road',
		city: 'city',
		field: 'field',
		farm: 'field',
		monastery: 'monastery',
		cloister: 'monastery',
		garden: 'garden'
	};
	if (!ours[kind]) return null;
	return events.flatMap((e) => {
		if (e.type !== 'score' || (e as ScoreEvent).feature.kind !== ours[kind]) return [];
		const s = e as ScoreEvent;
		const points = s.awards
			.filter((w) => w.player === player && !fairy(w.rules))
			.map((w) => w.points);
		// JCZ reports a player whose figures were there but who won nothing (a mayor of strength 0) as 0 points
		return points.length || !s.figures.some((f) => f.owner === player) ? points : [0];
	});
}

/** The JCZ id of the tile to place, or null. */
function drawnJczId(state: GameState): string | null {
	if (state.tile < 0 || state.pending[0]?.kind !== 'place') return null;
	const t = contextOf(state).tiles[state.tile];
	return jczIdOf(t.expansion, t.def).id;
}

/** The legal placements as JCZ lists them: '[x,y]@degrees'. */
function placementOptions(state: GameState): string[] {
	const t = contextOf(state).tiles[state.tile];
	const { offset } = jczIdOf(t.expansion, t.def);
	return legalMoves(state)
		.filter((mv): mv is PlaceMove => mv.type === 'place')
		.map((mv) => `[${mv.x},${mv.y}]@${(mv.rotation * 90 + offset) % 360}`);
}

/** Where a figure may be placed now (on the tile just placed, or through the magic portal), as JCZ pointers. */
function deployOptions(
	state: GameState,
	figure: string
): { feature: string; location: string; x: number; y: number }[] {
	const step = state.pending[0];
	if (step?.kind === 'move-on')
		return step.data?.figure !== figure
			? []
			: legalMoves(state).flatMap((mv) =>
					mv.type === 'move-on'
						? [
								pointerAt(
									state,
									boardIndexAt(state, mv.x as number, mv.y as number),
									String(mv.feature)
								)
							]
						: []
				);
	const tile = placedTile(state);
	if (!tile) return [];
	return legalMoves(state).flatMap((mv) => {
		if (mv.type === 'barn' && figure === 'barn') {
			const p = barnPointer(state, state.placed, mv.corner as Corner);
			return [{ feature: p.feature, location: p.location, x: p.position[0], y: p.position[1] }];
		}
		if ((mv.type !== 'deploy' && mv.type !== 'portal') || mv.figure !== figure) return [];
		const portal = mv.type === 'portal';
		const b = portal ? boardIndexAt(state, mv.x as number, mv.y as number) : state.placed;
		return [pointerAt(state, b, String(mv.feature))];
	});
}

/** The knights the princess may send home now, as JCZ pointers with their meeple ids. */
/** JCZ's sources of a ReturnMeeple action and our move types. */
const RETURN_SOURCES: Record<string, string> = { PRINCESS: 'princess', FESTIVAL: 'festival' };

/** The figures a move of type `type` ('princess', 'festival') may send home, as JCZ's pointers. */
function returnOptions(
	state: GameState,
	type: string
): { feature: string; location: string; x: number; y: number; meeple: string }[] {
	return legalMoves(state).flatMap((m) => {
		if (m.type !== type) return [];
		const mv = m as ModuleMove; // a princess's or festival's move: where, whose, what figure
		const b = boardIndexAt(state, mv.x as number, mv.y as number);
		const piece = state.pieces.findIndex(
			(p) =>
				p.tile === b &&
				p.owner === mv.owner &&
				p.kind === mv.figure &&
				p.seg >= 0 &&
				contextOf(state).tiles[state.boardTile[b]].features[state.segmentFeature[p.seg]].id ===
					mv.feature
		);
		return [{ ...pointerAt(state, b, String(mv.feature)), meeple: meepleId(state, piece) ?? '?' }];
	});
}

/** The JCZ pointer of a feature of board tile b. */
function pointerAt(state: GameState, b: number, feature: string) {
	const f = contextOf(state).tiles[state.boardTile[b]].def.features.find((x) => x.id === feature)!;
	return {
		feature: JCZ_FEATURE_CLASS[f.type] ?? f.type,
		location: jczLocation(f, state.boardRotation[b]),
		x: state.boardX[b],
		y: state.boardY[b]
	};
}
