// The JCloisterZone export's notes for an expansion's data steps (dataRules.steps, moves written as
// data: docs/rules-as-data.md). A JCZ add-on carries tiles, their artwork and scoring scripts; a
// move — a token put on the tile just placed, an extra piece, a random outcome, a held tile, a
// figure's action, figures drawing from a bag, a piece sent home, a second figure — has no equivalent there, so each step is named in NOTES.txt with the rule ids
// it plays, as the scoring rules JCZ cannot express are.

/** What a step of each type does, in a few words (a type not listed is named by its type). */
const STEP_WORDS: Record<string, (s: Record<string, unknown>) => string> = {
	token: (s) =>
		`right after a tile with the icon '${String(s.icon)}' is placed, its player puts a '${String(s.token)}' token on one of its features${onto(s.onto)}`,
	piece: (s) =>
		`a player places a '${String(s.figure)}' piece ${s.with === 'instead' ? 'instead of' : 'with'} the turn's figure on a part of the tile just placed${onto(s.onto)}`,
	random: (s) =>
		`a random outcome (${Array.isArray(s.outcomes) ? s.outcomes.join(' or ') : '?'}) for the '${String(s.figure)}', drawn from the game's seed`,
	'held-tile': (s) =>
		`the tile '${String(s.tile)}', which each player holds and places instead of drawing`,
	marker: (s) =>
		`the neutral '${String(s.figure)}', which a player moves beside one of their own followers instead of placing a figure`,
	bag: (s) =>
		`the '${String(s.figure)}' figure draws ${Array.isArray(s.tokens) ? s.tokens.length : 'its'} kinds of token from a face-down bag while its feature grows, its owner choosing to draw again or cash in`,
	act: (s) =>
		`${s.when === 'surrounded' ? 'when a placement surrounds its tile on four sides' : `when its ${Array.isArray(s.from) ? s.from.join(' or ') : 'feature'} scores`}, the '${String(s.figure)}' figure's owner chooses: ${isObject(s.choices) ? Object.keys(s.choices).join(', ') : 'nothing'}`,
	'send-home': (s) =>
		`instead of the turn's figure, the player sends ${s.whose === 'own' ? 'one of their own pieces' : "anyone's piece"} ${typeof s.modifier === 'string' ? `in a '${s.modifier}' feature of the tile just placed` : 'on the board'} back to supply${typeof s.icon === 'string' ? ` (after placing a tile with the icon '${s.icon}')` : ''}, move '${String(s.move)}'`,
	'second-figure': (s) =>
		`after the turn's figure action, the player may also place a ${Array.isArray(s.figures) ? s.figures.map((f) => `'${String(f)}'`).join(' or ') : 'figure'} on the tile just placed, step '${String(s.step)}'`
};

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** " (road, city)": the feature kinds a token or piece step lists. */
const onto = (v: unknown) => (isObject(v) ? ` (${Object.keys(v).join(', ')})` : '');

/** The rule ids a step cites: its id, then those of every `rules` / `…Rules` list and `…Rule` in it, each once. */
function ruleIds(step: Record<string, unknown>): string[] {
	const out = new Set<string>();
	if (typeof step.id === 'string') out.add(step.id);
	const walk = (v: unknown) => {
		if (!isObject(v)) return;
		for (const [k, x] of Object.entries(v)) {
			if (/^rules$|Rules$/.test(k) && Array.isArray(x))
				for (const id of x) if (typeof id === 'string') out.add(id);
			if (/Rule$/.test(k) && typeof x === 'string') out.add(x);
			walk(x);
		}
	};
	walk(step);
	return [...out];
}

/** One note per data step: what it does, its rule ids, and that the add-on drops it. */
export function jczStepNotes(steps: readonly unknown[] | undefined): string[] {
	return (steps ?? []).flatMap((step, i) => {
		if (!isObject(step)) return [];
		const type = String(step.type);
		const what = STEP_WORDS[type]?.(step) ?? `a '${type}' step`;
		const ids = ruleIds(step);
		return [
			`data step ${ids[0] ?? '(no rule id)'} (/dataRules/steps/${i}, ${type}): a move — ${what}; ` +
				`a JCloisterZone add-on carries tiles and scoring scripts, not moves: dropped` +
				(ids.length > 1 ? ` (its rules: ${ids.join(', ')})` : '')
		];
	});
}
