// The checks of an expansion's data steps (`dataRules.steps`, moves written as data) that the schema
// cannot express: the token kind and the icon must be known (an act step's figure and reach:
// data-step-act.ts), the step must sit where it can go in the turn, each condition must be of its
// type and read only what is decided with the game (rulings and parameters), and the step's rule
// must be stated. Each mistake is a located error.
import { checkExpr, type Scope } from './rule-expr.ts';
import { pointer, type Problem } from './problems.ts';
import { checkHeldTile } from './data-step-held-tile.ts';
import { checkPieceStep } from './data-step-piece.ts';
import { checkActStep } from './data-step-act.ts';
import { checkBagStep } from './data-step-bag.ts';
import { turnSequence } from './turn-moments.ts';
import { checkMarkerStep } from './data-step-marker.ts';
import { checkSendHome } from './data-step-send-home.ts';
import { checkSecondFigure } from './data-step-second-figure.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** Where each type of step may sit in the turn (its `at`; the first is the default; a token step also at a moment a document adds). */
export const STEP_PLACES: Record<string, string[]> = {
	token: ['placed'],
	piece: ['figure'],
	bag: ['afterFigure']
};

/** Why a step sits where it does (the error of a step placed elsewhere). */
const PLACE_WHY: Record<string, string> = {
	token:
		'it puts a token on the tile just placed, so it comes right after the placement or at a moment a document adds',
	piece: "its piece comes with or instead of the turn's figure, so it is part of the figure step",
	bag: 'its figure draws once the figure step is done (a figure just placed draws at once), or at a moment a document adds'
};

/** The most tokens of a kind a step puts in the supply (a document's `tokens` count at most as many). */
export const MAX_TOKENS = 100;

/** Move types the engine's own steps accept: a step's token or figure named so would take their moves. */
export const ENGINE_MOVES = ['place', 'deploy', 'pass', 'draw', 'pick', 'score'];

/** The variable names an expression reads ({"var": name}). */
export function varsOf(e: unknown): string[] {
	if (Array.isArray(e)) return e.flatMap(varsOf);
	if (!isObject(e)) return [];
	if (typeof e.var === 'string') return [e.var];
	return Object.values(e).flatMap(varsOf);
}

/** The conditions of a token step (path under the step → the type it has). */
const CONDITIONS: [string[], 'number' | 'boolean'][] = [
	[['count'], 'number'],
	[['occupied', 'byAnyPiece'], 'boolean'],
	[['occupied', 'byExtraPieces'], 'boolean'],
	[['bars', 'wholeGame'], 'boolean'],
	[['noTarget', 'refuse'], 'boolean'],
	[['noToken', 'refuse'], 'boolean'],
	[['returns'], 'boolean'],
	[['eaten'], 'boolean'],
	[['intoCompleted'], 'boolean'],
	[['wildcardNeighbours'], 'boolean'],
	[['afterFigure'], 'boolean'],
	[['afterScoring'], 'boolean'],
	[['placedSurrounded'], 'boolean'],
	[['byStep'], 'boolean'],
	[['usesPlacement', 'when'], 'boolean']
];

/**
 * Located errors in `dataRules.steps`: `tokens` the token kinds of the document and its
 * dependencies, `icons` the icons known.
 */
export function checkDataSteps(
	dr: Record<string, unknown>,
	names: {
		tokens: ReadonlySet<string>;
		icons: ReadonlySet<string>;
		/** The figures known (the document's, its dependencies', the engine's): an act step's figure is one. */
		knownFigures: ReadonlySet<string>;
		/** The least and most an expression can give (data-bounds.ts). */
		range: (e: unknown) => readonly [number, number];
		/** The variables a rule's expressions may read. */
		scope: Scope;
		/** The document's own tile ids (a held tile is one of them). */
		tiles?: ReadonlySet<string>;
		/** The figures the document itself declares (a piece step's figure is one). */
		figures?: ReadonlySet<string>;
		/** The moments added to the turn in play (the document's and its dependencies': name → after). */
		moments?: ReadonlyMap<string, string>;
	},
	out: Problem[]
): void {
	const steps = dr.steps;
	if (!Array.isArray(steps)) return;
	const scope = names.scope;
	// the rule ids this document states (a text on the first rule of an id)
	const texts = new Set(
		Array.isArray(dr.rules)
			? dr.rules.flatMap((r: unknown) =>
					isObject(r) && typeof r.id === 'string' && typeof r.text === 'string' ? [r.id] : []
				)
			: []
	);
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	const tokens = new Map<string, number>();
	const held = new Map<string, number>();
	const pieces = new Map<string, number>();
	const bags = new Map<string, number>();
	const taken = new Map(ENGINE_MOVES.map((m) => [m, 'an engine move']));
	steps.forEach((s: unknown, i: number) => {
		if (!isObject(s)) return;
		const at = (...p: (string | number)[]) => pointer('dataRules', 'steps', i, ...p);
		const type = typeof s.type === 'string' ? s.type : '';
		if (type === 'act') checkActStep(s, at, names, taken, out);
		if (Object.hasOwn(STEP_PLACES, type) && typeof s.at === 'string')
			checkAt(type, s.at, at('at'), names, err);
		if (typeof s.icon === 'string' && !names.icons.has(s.icon))
			err(
				at('icon'),
				`unknown icon '${s.icon}': declare it in the expansion's icons (known: ${[...names.icons].join(', ') || 'none'})`
			);
		if (typeof s.token === 'string')
			checkTokenKind(s.token, i, names.tokens, tokens, taken, at, err);
		if (typeof s.id === 'string' && !texts.has(s.id))
			err(
				at('id'),
				`the step's rule ${s.id} needs a text: add a text rule {"id": "${s.id}", "type": "text", "text": …}`
			);
		if (type === 'send-home') return checkSendHome(s, at, { scope, varsOf, taken }, out);
		if (type === 'second-figure')
			return checkSecondFigure(
				s,
				at,
				{ knownFigures: names.knownFigures, tokens: names.tokens, taken },
				out
			);
		if (type === 'held-tile') {
			const c = {
				tiles: names.tiles ?? new Set<string>(),
				scope,
				range: names.range,
				varsOf,
				seen: held
			};
			return checkHeldTile(s, i, c, out);
		}
		if (type === 'piece' || type === 'marker') {
			const c = {
				figures: names.figures ?? new Set<string>(),
				tokens: names.tokens,
				engineMoves: ENGINE_MOVES,
				scope,
				range: names.range,
				varsOf,
				seen: pieces
			};
			if (type === 'marker') return checkMarkerStep(s, i, dr, c, out);
			return checkPieceStep(s, i, dr, c, out);
		}
		if (type === 'bag') {
			const c = {
				dataFigures: dataFiguresOf(dr),
				scope,
				range: names.range,
				varsOf,
				taken,
				seen: bags
			};
			return checkBagStep(s, i, at, c, out);
		}
		checkTokenConditions(s, at, names, err, out);
	});
}

type At = (...p: (string | number)[]) => string;
type Err = (ptr: string, message: string) => void;

/** The figures of the document's dataRules. */
const dataFiguresOf = (dr: Record<string, unknown>): Set<string> =>
	new Set(isObject(dr.figures) ? Object.keys(dr.figures) : []);

/** A step's `at` names a moment of the turn in play where its type can go. */
function checkAt(
	type: string,
	where: string,
	ptr: string,
	names: { moments?: ReadonlyMap<string, string> },
	err: Err
): void {
	const added = names.moments ?? new Map<string, string>();
	const seq = turnSequence(added);
	const places = [...STEP_PLACES[type], ...(type !== 'piece' ? added.keys() : [])].filter((m) =>
		seq.includes(m)
	);
	if (!seq.includes(where))
		err(
			ptr,
			`unknown moment '${where}': the turn's moments in play are ${seq.join(', ')} (a document adds one in dataRules.moments)`
		);
	else if (!places.includes(where))
		err(
			ptr,
			`a ${type} step cannot go at '${where}': ${PLACE_WHY[type]} (at: ${places.join(' or ')})`
		);
}

/** A token step's kind: declared, not an engine move, one step per kind (`seen`: kind → step). */
function checkTokenKind(
	token: string,
	i: number,
	known: ReadonlySet<string>,
	seen: Map<string, number>,
	taken: Map<string, string>,
	at: At,
	err: Err
): void {
	if (!known.has(token))
		err(
			at('token'),
			`unknown token kind '${token}': declare it in the expansion's tokens (known: ${[...known].join(', ') || 'none'})`
		);
	else if (ENGINE_MOVES.includes(token))
		err(at('token'), `a token may not be named '${token}': the engine's own moves are`);
	const first = seen.get(token);
	if (first !== undefined)
		err(
			at('token'),
			`token kind '${token}' has a step already (step ${first}): its move would be offered twice`
		);
	else seen.set(token, i);
	taken.set(token, `the token step ${i}`);
}

/** A token step's conditions: each of its type, a count within the supply, reading rulings and parameters only. */
function checkTokenConditions(
	s: Record<string, unknown>,
	at: At,
	names: { range: (e: unknown) => readonly [number, number]; scope: Scope },
	err: Err,
	out: Problem[]
): void {
	const conditions: [unknown, string, 'number' | 'boolean'][] = CONDITIONS.map(([path, type]) => [
		path.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), s),
		at(...path),
		type
	]);
	if (isObject(s.onto))
		for (const [kind, c] of Object.entries(s.onto))
			conditions.push([c, at('onto', kind), 'boolean']);
	// an act step's choices: a win's condition, a strength (a number, not a count of tokens)
	const strengths = new Set<string>();
	if (isObject(s.choices))
		for (const [n, c] of Object.entries(s.choices)) {
			if (!isObject(c)) continue;
			if (isObject(c.win))
				conditions.push([c.win.anyFollower, at('choices', n, 'win', 'anyFollower'), 'boolean']);
			if (c.strength !== undefined) strengths.add(at('choices', n, 'strength'));
			conditions.push([c.strength, at('choices', n, 'strength'), 'number']);
		}
	for (const [e, ptr, want] of conditions) {
		if (e === undefined) continue;
		const errors = out.length;
		checkExpr(e, want, names.scope, ptr, out);
		if (want === 'number' && out.length === errors) {
			const [lo, hi] = names.range(e);
			if (strengths.has(ptr)) {
				if (lo < 0) err(ptr, `the strength can be ${lo}: a strength is at least 0`);
			} else if (lo < 0 || hi > MAX_TOKENS)
				err(ptr, `the supply can hold ${lo < 0 ? lo : hi} tokens: a count is 0 to ${MAX_TOKENS}`);
		}
		// decided once per game, before any feature is read
		const reads = varsOf(e).filter((v) => !v.startsWith('ruling.') && !v.startsWith('param.'));
		if (reads.length)
			err(
				ptr,
				`a step's condition reads rulings and parameters only (ruling.<ID>.<option>, param.<name>), not ${reads.join(', ')}`
			);
	}
}
