// From the sandbox's setup to the engine's: the chosen expansions resolved with their dependencies
// (the one resolver every caller of startGame uses), the unsaved draft in place of its stored
// document, players and rulings.
import {
	modulesFor,
	resolveGame,
	rulingsInPlay,
	type Expansion,
	type GameSetup,
	type RegisteredRuling
} from '../engine/index.ts';
import type { SandboxSetup } from './setup.ts';

export interface ResolvedSetup {
	game?: GameSetup;
	/** The documents in play, base first (dependencies included). */
	expansions: Expansion[];
	/** Rule modules in play (registry order). */
	modules: string[];
	/** Every ruling in play (the modules' and the documents' data rules'), with the option the expansion files set as their default. */
	rulings: (RegisteredRuling & {
		moduleName: string;
		fileDefault?: string;
		fileDefaultBy?: string;
	})[];
	errors: string[];
}

export function resolveSetup(
	setup: SandboxSetup,
	available: ReadonlyMap<string, Expansion>
): ResolvedSetup {
	const r = resolveGame(setup.expansions, available);
	if (!r.ok)
		return { expansions: [], modules: [], rulings: [], errors: r.errors.map((e) => e.message) };
	const expansions = r.expansions;
	let modules: string[];
	let inPlay: ResolvedSetup['rulings'];
	try {
		modules = modulesFor(expansions, r.modules).map((m) => m.id);
		inPlay = rulingsInPlay(expansions, r.modules);
	} catch (e) {
		return {
			expansions,
			modules: [],
			rulings: [],
			errors: [e instanceof Error ? e.message : String(e)]
		};
	}
	const rulings = inPlay.map((ru) => {
		const by = [...expansions].reverse().find((e) => e.rulings?.[ru.id] !== undefined);
		return by ? { ...ru, fileDefault: by.rulings![ru.id], fileDefaultBy: by.id } : ru;
	});
	const known = new Set(rulings.map((x) => x.id));
	const errors = Object.keys(setup.rulings)
		.filter((id) => !known.has(id))
		.map((id) => `ruling ${id}: no rule module in play registers it`);
	for (const ru of rulings) {
		const o = setup.rulings[ru.id];
		if (o !== undefined && !(o in ru.options))
			errors.push(
				`ruling ${ru.id}: '${o}' is not one of its options (${Object.keys(ru.options).join(', ')})`
			);
	}
	const game: GameSetup = {
		expansions,
		modules: r.modules,
		players: setup.players.map((p) => p.name),
		seed: setup.seed,
		rulings: Object.fromEntries(Object.entries(setup.rulings).filter(([id]) => known.has(id))),
		...(setup.free ? { free: true } : {}),
		...(setup.start ? { start: setup.start } : {})
	};
	return { game: errors.length ? undefined : game, expansions, modules, rulings, errors };
}
