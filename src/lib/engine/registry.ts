// What the rule modules offer a designer, by module id: their rulings (with options) and their
// tunable parameters (with defaults). Pure data built from the modules list; the validator and the
// expansion page read it instead of taking rulings and parameters as free text.
import { MODULES, modulesForExpansion } from './modules/index.ts';
import type { Expansion } from './types.ts';
import type { RuleRegistry, RegisteredParameter, RegisteredRuling } from '../formats/rule-registry.ts';

export type { RuleRegistry, RegisteredParameter, RegisteredRuling };

const selected = (moduleIds: readonly string[]) => MODULES.filter((m) => moduleIds.includes(m.id));

/** The rulings the given modules register, in registry order, each with its module's id. */
export function rulingsFor(moduleIds: readonly string[]): RegisteredRuling[] {
	return selected(moduleIds).flatMap((m) => (m.rulings ?? []).map((r) => ({ ...r, module: m.id })));
}

/** The parameters the given modules read, in registry order, each with its default and module. */
export function parametersFor(moduleIds: readonly string[]): RegisteredParameter[] {
	return selected(moduleIds).flatMap((m) =>
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

/** The registry as the validator takes it (formats cannot import the engine: it is injected). */
export const ruleRegistry: RuleRegistry = { moduleIds: MODULES.map((m) => m.id), modulesOf, rulingsFor, parametersFor };

/**
 * The modules in play for an expansion: its own and those of its dependencies, transitively
 * (dependencies resolved in `available`; unknown ones are skipped).
 */
export function modulesEnabledBy(doc: Pick<Expansion, 'id' | 'rules' | 'figures' | 'dependencies'>, available: ReadonlyMap<string, Pick<Expansion, 'id' | 'rules' | 'figures' | 'dependencies'>>): string[] {
	const out = new Set<string>(modulesOf(doc));
	const seen = new Set([doc.id]);
	const queue = [...(doc.dependencies ?? [])];
	while (queue.length > 0) {
		const id = queue.shift()!;
		if (seen.has(id)) continue;
		seen.add(id);
		const dep = available.get(id);
		if (!dep) continue;
		for (const m of modulesOf(dep)) out.add(m);
		queue.push(...(dep.dependencies ?? []));
	}
	// registry order, as the engine runs them
	return MODULES.filter((m) => out.has(m.id)).map((m) => m.id);
}
