// What a mix puts in play, read from a game started in free mode: its tiles (and which the rules
// leave in the box), the feature kinds that score when complete, the rules an event can cite, the
// rulings, figures and choices — what the report's findings of "never happened" are read against. Pure.
import {
	contextOf,
	ruleSources,
	rulingList,
	startGame,
	SCORED_WHEN_COMPLETE,
	type Context,
	type PlayCondition
} from '../engine/index.ts';
import type { CheckerConfig } from './run.ts';

/** What the mix puts in play, from a started game's context: what could happen in its games. */
export interface Catalog {
	/** Tile key → its expansion and name; `inPlay` false for a tile the rules leave in the box (a river tile without The River). */
	tiles: Record<string, { expansion: string; name: string; inPlay: boolean }>;
	/** Kinds on the tiles in play that complete and score at once (fields never complete, the river never scores). */
	featureKinds: string[];
	/** Rules an event can cite in this mix (its modules in play, its ruling options in force). */
	rules: string[];
	/** Every rule of the mix's modules: its text, module and the expansion that declares it (the uncited ones too). */
	ruleBook: Record<string, { text: string; module: string; expansion: string }>;
	/** Rules no event of this mix can cite (statements, rules cited only by refusals, rules of modules or ruling options not in play). */
	uncited: string[];
	/** Each ruling in play with what it decides, the rule ids it decides on, and its option in force with that option's text. */
	rulings: {
		id: string;
		description: string;
		rules: string[];
		option: string;
		optionText: string;
	}[];
	/** The sources points are credited to (rule-sources.ts): expansion id → name. */
	sources: [string, string][];
	/** Figures that can go on the board, each with the choice that puts it there (deploy:<figure>, or a move of its own). */
	figures: { figure: string; choice: string }[];
	/** Choices some module offers in this mix: move types, deploy:<figure> per deployable figure. */
	choices: string[];
}

/** Whether a module's condition holds in a rules context (every module listed in play, one of the rulings at a listed option). */
function holds(cond: PlayCondition | undefined, c: Context): boolean {
	if (!cond) return true;
	if (cond.modules && !cond.modules.every((m) => c.moduleIds.has(m))) return false;
	const rulings = Object.entries(cond.rulings ?? {});
	return !rulings.length || rulings.some(([id, options]) => options.includes(c.rulings[id]));
}

export function catalogOf(
	cfg: Pick<CheckerConfig, 'expansions' | 'modules' | 'players' | 'rulings' | 'free'>
): Catalog {
	// started in free mode: nothing drawn yet, every tile of the game still in its pile
	const { state } = startGame({
		expansions: cfg.expansions,
		modules: cfg.modules,
		players: cfg.players,
		rulings: cfg.rulings,
		free: true,
		seed: 1,
		quiet: true
	});
	const c = contextOf(state);
	// in play: in the piles, on the board from the start, or held (a town hall)
	const inPiles = new Set<number>([
		...state.boardTile,
		...state.piles.flatMap((p) => [...p.tiles, ...p.last])
	]);
	const tiles: Catalog['tiles'] = {};
	const kinds = new Set<string>();
	for (const t of c.tiles) {
		const inPlay = inPiles.has(t.index) || !!t.wildcard;
		tiles[t.key] = { expansion: t.expansion, name: t.def.name ?? t.id, inPlay };
		if (inPlay)
			for (const f of t.features) if (SCORED_WHEN_COMPLETE.includes(f.kind)) kinds.add(f.kind);
	}
	const ruleBook: Catalog['ruleBook'] = {};
	const rules: string[] = [];
	const uncited: string[] = [];
	const choices = new Set<string>();
	const deployMoves = new Map<string, string>();
	const sources = ruleSources(c);
	for (const m of c.modules) {
		for (const [id, text] of Object.entries(m.rules)) {
			if (ruleBook[id]) continue;
			ruleBook[id] = { text, module: m.name, expansion: sources.get(id)?.expansion ?? 'base' };
			(m.uncited?.includes(id) || !holds(m.onlyWhen?.[id], c) ? uncited : rules).push(id);
		}
		for (const type of Object.keys(m.moves ?? {}))
			if (type !== 'deploy' && type !== 'pick' && holds(m.onlyWhen?.[type], c)) choices.add(type);
		for (const [figure, move] of Object.entries(m.deployMoves ?? {})) deployMoves.set(figure, move);
	}
	if (cfg.free) choices.add('pick');
	const figures: Catalog['figures'] = [];
	for (const kind of new Set(state.pieces.map((p) => p.kind))) {
		const choice =
			c.figures.get(kind)?.deployable === false ? deployMoves.get(kind) : `deploy:${kind}`;
		if (!choice) continue;
		figures.push({ figure: kind, choice });
		choices.add(choice);
	}
	return {
		tiles,
		featureKinds: [...kinds].sort(),
		rules: rules.sort(),
		ruleBook,
		uncited: uncited.sort(),
		sources: [...new Map([...sources.values()].map((r) => [r.expansion, r.name]))],
		rulings: rulingList(c.modules)
			.map((r) => ({
				id: r.id,
				description: r.description,
				rules: r.rules,
				option: c.rulings[r.id],
				optionText: r.options[c.rulings[r.id]] ?? c.rulings[r.id]
			}))
			.sort((a, b) => (a.id < b.id ? -1 : 1)),
		figures: figures.sort((a, b) => (a.figure < b.figure ? -1 : 1)),
		choices: [...choices].sort()
	};
}
