// The turn's sequence as data: base.json's `dataRules.turn` declares the engine's moments in their
// order, and a document adds moments of its own (`dataRules.moments`: name → the moment it comes
// after) where its steps sit (a step's `at`). The engine runs its moments in this order
// (engine/turn.ts) and an added moment's hooks right after the moment it follows
// (engine/turn-moments.ts). This file holds the engine's moments, the sequence in play and the
// located checks of both properties.
import { pointer, type Problem } from './problems.ts';

/** The engine's moments of a turn, in order (base.json's `dataRules.turn` declares them). */
export const TURN_MOMENTS = [
	'turnStart',
	'draw',
	'placed',
	'figure',
	'figureDone',
	'afterFigure',
	'score',
	'afterScore',
	'turnEnd'
] as const;

/** What the engine does at each of its moments (the error of a sequence that differs). */
const DOES: Record<string, string> = {
	turnStart: 'the turn starts',
	draw: 'a tile is drawn',
	placed: 'the tile is placed',
	figure: 'the figure step',
	figureDone: 'after the figure step',
	afterFigure: 'the figure is done (the dragon moves)',
	score: 'what the tile completed is scored',
	afterScore: 'after the scoring',
	turnEnd: 'the next player'
};

/** Triggers a step names in its `at` besides the moments (not turn moments: a moment may not take their names). */
const TRIGGERS = ['dragon-enters', 'feature-scores'];

/** The most moments one document adds. */
export const MAX_ADDED_MOMENTS = 10;

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The moments documents add (name → the moment it comes after), in the documents' order. */
export function addedMoments(docs: readonly unknown[]): Map<string, string> {
	const out = new Map<string, string>();
	for (const d of docs) {
		const m = isObject(d) && isObject(d.dataRules) ? d.dataRules.moments : undefined;
		if (!isObject(m)) continue;
		for (const [name, x] of Object.entries(m))
			if (isObject(x) && typeof x.after === 'string' && !out.has(name)) out.set(name, x.after);
	}
	return out;
}

/**
 * The turn's sequence: the engine's moments with the added ones, each right after the moment it
 * names (after those added there before it). An added moment whose `after` is not in the sequence,
 * or is the turn's end, is left out (the validator reports it).
 */
export function turnSequence(added: ReadonlyMap<string, string>): string[] {
	const seq: string[] = [...TURN_MOMENTS];
	const left = new Map(added);
	for (let grew = true; grew;) {
		grew = false;
		for (const [name, after] of left) {
			const i = seq.indexOf(after);
			if (i < 0 || after === 'turnEnd' || seq.includes(name)) continue;
			// after `after` and the moments added after it already
			let j = i + 1;
			while (j < seq.length && added.get(seq[j]) !== undefined && follows(seq[j], after, added))
				j++;
			seq.splice(j, 0, name);
			left.delete(name);
			grew = true;
		}
	}
	return seq;
}

/** Does the added moment `m` come (through the moments it follows) after `after`? */
function follows(m: string, after: string, added: ReadonlyMap<string, string>): boolean {
	for (let x: string | undefined = m, n = 0; x !== undefined && n <= added.size; n++) {
		x = added.get(x);
		if (x === after) return true;
	}
	return false;
}

/**
 * Located errors of a document's `turn` and `moments`: `inPlay` the moments it and its dependencies
 * add (a moment two documents name is one moment). `turn` must be the engine's moments in its order
 * (the engine runs them); an added moment must take a name no engine moment or trigger has and come
 * after a moment of the sequence, not the turn's end.
 */
export function checkTurn(
	dr: Record<string, unknown>,
	inPlay: ReadonlyMap<string, string>,
	out: Problem[]
): void {
	const err = (ptr: string, message: string) =>
		out.push({ pointer: ptr, message, severity: 'error' });
	if (Array.isArray(dr.turn)) {
		const turn = dr.turn as unknown[];
		const i = TURN_MOMENTS.findIndex((m, k) => turn[k] !== m);
		if (i >= 0)
			err(
				pointer('dataRules', 'turn', Math.min(i, turn.length)),
				`the turn's moments are the engine's, in its order: '${TURN_MOMENTS[i]}' (${DOES[TURN_MOMENTS[i]]}) goes here (the turn: ${TURN_MOMENTS.join(', ')}); a document adds moments of its own in 'moments'`
			);
		else if (turn.length > TURN_MOMENTS.length)
			err(
				pointer('dataRules', 'turn', TURN_MOMENTS.length),
				`the turn ends with 'turnEnd': add a moment of your own in 'moments' with the moment it comes after`
			);
	}
	if (!isObject(dr.moments)) return;
	const seq = turnSequence(new Map([...inPlay, ...addedMoments([{ dataRules: dr }])]));
	for (const [name, m] of Object.entries(dr.moments)) {
		const at = (...p: string[]) => pointer('dataRules', 'moments', name, ...p);
		if ((TURN_MOMENTS as readonly string[]).includes(name) || TRIGGERS.includes(name))
			err(at(), `'${name}' is the engine's already: name the moment by what happens at it`);
		else if (inPlay.has(name) && isObject(m) && m.after !== inPlay.get(name))
			err(
				at('after'),
				`a dependency adds the moment '${name}' after '${inPlay.get(name)}': one moment, one place`
			);
		if (!isObject(m) || typeof m.after !== 'string') continue;
		if (m.after === 'turnEnd')
			err(
				at('after'),
				`nothing comes after the turn's end (the next turn starts): put it after 'afterScore'`
			);
		else if (!seq.includes(m.after) || m.after === name)
			err(
				at('after'),
				`no moment '${m.after}' comes before it: the turn's moments in play are ${seq.filter((x) => x !== name).join(', ')}`
			);
	}
}
