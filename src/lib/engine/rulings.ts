// The rulings registry: named decisions on gaps and edition differences, each with a default and
// options. Modules declare their rulings; a game records the value of every ruling in effect.
import type { RuleModule, RulingDef } from './types.ts';

export function collectRulings(modules: readonly RuleModule[]): Map<string, RulingDef> {
	const out = new Map<string, RulingDef>();
	for (const m of modules) for (const r of m.rulings ?? []) out.set(r.id, r);
	return out;
}

/**
 * The value of every ruling: defaults, then expansion-file defaults, then the game's own choices.
 * Throws on an unknown option (a programmer or document error, not a refused move).
 */
export function resolveRulings(
	defs: Map<string, RulingDef>,
	...layers: (Record<string, string> | undefined)[]
): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [id, d] of defs) out[id] = d.default;
	for (const layer of layers) {
		for (const [id, v] of Object.entries(layer ?? {})) {
			const d = defs.get(id);
			if (!d) continue; // a ruling of a module not in play: ignored
			// own options only: 'constructor' or 'toString' is no option of any ruling
			if (typeof v !== 'string' || !Object.hasOwn(d.options, v))
				throw new Error(
					`ruling ${id}: unknown option '${String(v)}' (options: ${Object.keys(d.options).join(', ')})`
				);
			out[id] = v;
		}
	}
	return out;
}

/** Every ruling of the given modules, for listings (CLI, sandbox). */
export function rulingList(modules: readonly RuleModule[]): RulingDef[] {
	return [...collectRulings(modules).values()];
}
