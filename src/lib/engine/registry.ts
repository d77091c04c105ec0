// What the rule modules offer a designer, by module id: their rulings (with options) and their
// tunable parameters (with defaults). Pure data built from the modules list; the validator and the
// expansion page read it instead of taking rulings and parameters as free text.
import { COMPANIONS, MODULES, modulesForExpansion } from './modules/index.ts';
import type { Expansion, RuleModule } from './types.ts';
import { modulesInPlay } from './context.ts';
import type {
	Meaning,
	MeaningKind,
	RuleRegistry,
	RegisteredParameter,
	RegisteredRuling
} from '../formats/rule-registry.ts';
import { modulesEnabled, resolveExpansions, type Resolution } from '../formats/resolve.ts';

export type {
	Meaning,
	MeaningKind,
	RuleRegistry,
	RegisteredParameter,
	RegisteredRuling,
	Resolution
};

const selected = (moduleIds: readonly string[]) => MODULES.filter((m) => moduleIds.includes(m.id));

/** The rulings the given modules register, in registry order, each with its module's id. */
export function rulingsFor(moduleIds: readonly string[]): RegisteredRuling[] {
	return rulingsOf(selected(moduleIds));
}

/** The rulings of these modules, each with its module's id. */
function rulingsOf(modules: readonly RuleModule[]): RegisteredRuling[] {
	return modules.flatMap((m) => (m.rulings ?? []).map((r) => ({ ...r, module: m.id })));
}

/** The parameters the given modules read, in registry order, each with its default and module. */
export function parametersFor(moduleIds: readonly string[]): RegisteredParameter[] {
	return parametersOf(selected(moduleIds));
}

/** The parameters of these modules, each with its default, range and module. */
function parametersOf(modules: readonly RuleModule[]): RegisteredParameter[] {
	return modules.flatMap((m) =>
		Object.entries(m.parameters ?? {}).map(([name, value]) => {
			const range = m.parameterRanges?.[name];
			if (!range) throw new Error(`module ${m.id} declares parameter ${name} without a range`);
			return { name, default: value, min: range.min, max: range.max, module: m.id };
		})
	);
}

/** The modules a document turns on by itself (base is always in play: see `modulesFor`). */
export function modulesOf(doc: Pick<Expansion, 'id' | 'rules' | 'figures'>): string[] {
	return ['base', ...modulesForExpansion(doc).filter((id) => id !== 'base')];
}

const meanings: Record<MeaningKind, Map<string, Meaning>> = {
	feature: new Map(),
	modifier: new Map(),
	icon: new Map(),
	figure: new Map()
};
for (const m of MODULES) {
	const add = (kind: MeaningKind, name: string, meaning: Omit<Meaning, 'module'>) => {
		if (!meanings[kind].has(name)) meanings[kind].set(name, { module: m.id, ...meaning });
	};
	for (const [kind, rule] of Object.entries(m.features ?? {}))
		add('feature', kind, {
			rule,
			...((m.leavesOut as readonly string[] | undefined)?.includes(kind) ? { leftOut: true } : {})
		});
	for (const [name, rule] of Object.entries(m.modifiers ?? {})) add('modifier', name, { rule });
	for (const [name, rule] of Object.entries(m.icons ?? {})) add('icon', name, { rule });
	for (const f of m.figures ?? []) add('figure', f.id, { rule: f.rules[0] });
	for (const id of m.declares ?? []) add('figure', id, {});
}

/** The module that gives a feature kind, modifier, icon or figure its meaning (the modules declare it). */
export function meaningOf(kind: MeaningKind, name: string): Meaning | undefined {
	return meanings[kind].get(name);
}

/** The registry as the validator takes it (formats cannot import the engine: it is injected). */
export const ruleRegistry: RuleRegistry = {
	moduleIds: MODULES.map((m) => m.id),
	modulesOf,
	rulingsFor,
	parametersFor,
	meaningOf
};

type ModuleSource = Pick<Expansion, 'id' | 'rules' | 'figures' | 'dependencies'>;

/**
 * The modules in play for an expansion: those of every document the game's resolver
 * (`resolveExpansions`) closes it over — base and its dependencies, transitively — in registry
 * order. Dependencies that do not resolve enable nothing (the validator reports them).
 */
export function modulesEnabledBy(
	doc: ModuleSource,
	available: ReadonlyMap<string, ModuleSource>
): string[] {
	return modulesEnabled(doc, available, ruleRegistry);
}

/** The rule modules that no document of the list is named after (abbot, pig): a game adds them by id alone. */
export function modulesWithoutDocument(
	documents: readonly { id: string }[]
): { id: string; name: string }[] {
	const companions = Object.values(COMPANIONS).flat(); // they come with their expansion's module
	return MODULES.filter(
		(m) => !documents.some((e) => e.id === m.id) && !companions.includes(m.id)
	).map((m) => ({
		id: m.id,
		name: m.name
	}));
}

/**
 * The game's expansions from the chosen ids: `resolveExpansions` with the engine's rule modules as
 * the ids that may stand without a document (abbot, pig). Every caller of `startGame` goes through it.
 */
export function resolveGame(
	chosen: readonly string[],
	available:
		readonly Expansion[] | ReadonlyMap<string, Expansion> | ((id: string) => Expansion | undefined)
): Resolution {
	return resolveExpansions(chosen, available, { moduleIds: ruleRegistry.moduleIds });
}

/**
 * The rulings in play for a game of `doc` and its dependencies: the rule modules' and the documents'
 * data rules' (its own included); the modules' alone while the draft does not resolve or compile.
 */
export function rulingsOfDocument(
	doc: Expansion,
	available: ReadonlyMap<string, Expansion>
): RegisteredRuling[] {
	return rulingsOf(modulesOfDocument(doc, available));
}

/** The parameters in play for a game of `doc` and its dependencies, as `rulingsOfDocument`. */
export function parametersOfDocument(
	doc: Expansion,
	available: ReadonlyMap<string, Expansion>
): RegisteredParameter[] {
	return parametersOf(modulesOfDocument(doc, available));
}

/** The rule modules of a game of `doc`, its data rules' included; the code modules alone for a draft the engine cannot compile yet (the validator says why). */
function modulesOfDocument(doc: Expansion, available: ReadonlyMap<string, Expansion>) {
	const r = resolveGame([doc.id], (id) => (id === doc.id ? doc : available.get(id)));
	try {
		if (r.ok) return modulesInPlay(r.expansions, r.modules);
	} catch {
		// falls back to the code modules below
	}
	return selected(modulesEnabledBy(doc, available));
}
