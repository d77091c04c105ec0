// JCloisterZone's engine tests (.jcz with `test.assertions`) as our scenarios: the imported record
// is replayed through the engine and each assertion is read as an expectation on the state reached.
// An assertion of a kind not mapped here is reported as unsupported, never as passed.
import { contextOf } from './context.ts';
import { legalMoves } from './game.ts';
import { replay } from './replay.ts';
import { setupFromRecord } from './record.ts';
import { placedTile } from './view.ts';
import type {
	DeployMove,
	Expansion,
	GameEvent,
	GameState,
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
	// JCZ offers no action phase when there is nothing to do but pass
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
	try {
		r = replay(setup, moves as Move[]);
	} catch (e) {
		return failAll(`the game cannot be played: ${e instanceof Error ? e.message : String(e)}`);
	}
	if (r.error)
		return failAll(
			`move ${r.error.index} ${JSON.stringify(moves[r.error.index])} is refused: ${r.error.refusal.message} [${r.error.refusal.rules.join(', ')}]`
		);
	const results = assertions.map((a) => readAssertion(a, r.state, r.events, imp.tail));
	return { description, results, state: r.state, events: r.events };
}

const pts = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** One assertion against the state and events (JCZ's wording; a trailing full stop is allowed). */
export function readAssertion(
	text: string,
	state: GameState,
	events: GameEvent[],
	tail: string | null
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
		return result(state.scores[p] === Number(m[2]), `${m[1]} has ${pts(state.scores[p])}`);
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
		const can = phase === 'ActionPhase' && legalMoves(state).some((mv) => mv.type === 'pass');
		return result(can === (a === 'Player can pass'), `the player ${can ? 'can' : 'cannot'} pass`);
	}
	if (a === 'Undo is allowed' || a === 'Undo is not allowed') {
		// JCZ: undo is open after a move of the player still to act, never after a COMMIT or a dragon move
		const open =
			!state.finished &&
			tail !== null &&
			['PLACE_TILE', 'DEPLOY_MEEPLE', 'PASS', 'MOVE_NEUTRAL_FIGURE'].includes(tail) &&
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
		if (m[1] === 'Meeple' && m[2] && JCZ_MEEPLE_CLASSES[m[2]]) {
			const n = phase === 'ActionPhase' ? deployOptions(state, JCZ_MEEPLE_CLASSES[m[2]]).length : 0;
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
	if ((m = /^Meeple (\w+) options: (.*)$/.exec(a))) {
		const figure = JCZ_MEEPLE_CLASSES[m[1]];
		if (!figure)
			return {
				assertion: text,
				status: 'unsupported',
				detail: `meeple '${m[1]}' is not played here`
			};
		const key = (feature: string, location: string, x: number, y: number) => {
			const loc = parseLocation(location);
			const where = loc ? (loc.inner ?? [...loc.sides, ...loc.halves].sort().join('.')) : location;
			return `${feature} ${where} [${x},${y}]`;
		};
		const want = new Set(
			[...m[2].matchAll(/\{([^,]+),([^,]+),\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\}/g)].map((e) =>
				key(e[1].trim(), e[2].trim(), Number(e[3]), Number(e[4]))
			)
		);
		const have = new Set(
			phase === 'ActionPhase'
				? deployOptions(state, figure).map((o) => key(o.feature, o.location, o.x, o.y))
				: []
		);
		const missing = [...want].filter((o) => !have.has(o));
		const extra = [...have].filter((o) => !want.has(o));
		return result(
			!missing.length && !extra.length,
			`${missing.length ? `missing ${missing.join('; ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `also ${extra.join('; ')}` : ''}`
		);
	}
	return {
		assertion: text,
		status: 'unsupported',
		detail: 'an assertion of this kind is not read here'
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
	return events.flatMap((e) =>
		e.type === 'score' && (e as ScoreEvent).feature.kind === ours[kind]
			? (e as ScoreEvent).awards
					.filter((w) => w.player === player && !fairy(w.rules))
					.map((w) => w.points)
			: []
	);
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

/** Where a figure may be placed now, as JCZ pointers. */
function deployOptions(
	state: GameState,
	figure: string
): { feature: string; location: string; x: number; y: number }[] {
	const tile = placedTile(state);
	if (!tile) return [];
	const def = contextOf(state).tiles[state.boardTile[state.placed]].def;
	return legalMoves(state)
		.filter((mv): mv is DeployMove => mv.type === 'deploy' && (mv as DeployMove).figure === figure)
		.map((mv) => {
			const f = def.features.find((x) => x.id === mv.feature)!;
			return {
				feature: JCZ_FEATURE_CLASS[f.type] ?? f.type,
				location: jczLocation(f, tile.rotation),
				x: tile.x,
				y: tile.y
			};
		});
}
