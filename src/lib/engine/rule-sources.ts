// Which expansion each rule of a game belongs to: the document that declares it — in its `dataRules`
// (the data module compiled from it) or through the rule module it enables (its `rules` field, its
// figures) — so that the points a rule gives are credited to that expansion (credit.ts), whatever the
// tiles the feature lies on. Rulings belong where their rules do. A module no document enables (a
// mini-expansion chosen by id) is its own source. Computed once per rules context.
import { modulesForExpansion } from './modules/index.ts';
import { eventCredit } from './credit.ts';
import { perContext } from './per-context.ts';
import type { Context, GameEvent } from './types.ts';

export interface RuleSource {
	/** The expansion document's id (or the module's, for a module without a document). */
	expansion: string;
	name: string;
}

const BASE: RuleSource = { expansion: 'base', name: 'Base game' };

/** Rule id (and ruling id) → the expansion that declares it, for a rules context. */
export const ruleSources = perContext((c: Context): Map<string, RuleSource> => {
	const out = new Map<string, RuleSource>();
	const claim = (ids: Iterable<string>, src: RuleSource) => {
		for (const id of ids) if (!out.has(id)) out.set(id, src);
	};
	const owned = new Set<string>();
	// a document's own data module first (its id, or `<id>:data` beside a code module of that id), then the code modules it enables
	for (const e of c.source.expansions) {
		const src = { expansion: e.id, name: e.name ?? e.id };
		for (const m of c.modules)
			if (m.data && (m.id === e.id || m.id === e.id + ':data')) {
				claim(Object.keys(m.rules), src);
				claim(
					(m.rulings ?? []).map((r) => r.id),
					src
				);
				owned.add(m.id);
			}
	}
	for (const e of c.source.expansions) {
		const src = { expansion: e.id, name: e.name ?? e.id };
		const enabled = modulesForExpansion(e);
		for (const m of c.modules)
			if (!owned.has(m.id) && enabled.includes(m.id)) {
				claim(Object.keys(m.rules), src);
				claim(
					(m.rulings ?? []).map((r) => r.id),
					src
				);
				owned.add(m.id);
			}
	}
	for (const m of c.modules)
		if (!owned.has(m.id)) {
			const src = m.id === 'base' ? BASE : { expansion: m.id, name: m.name };
			claim(Object.keys(m.rules), src);
			claim(
				(m.rulings ?? []).map((r) => r.id),
				src
			);
		}
	return out;
});

/** The expansion of a rule id (base for a rule no module of the game states). */
export const sourceOf = (c: Context, rule: string): RuleSource => ruleSources(c).get(rule) ?? BASE;

/** Points per player by the expansion whose rules gave them: `[{ expansion id → points }]`. */
export function creditByExpansion(
	c: Context,
	events: readonly GameEvent[],
	players: number
): Record<string, number>[] {
	const out: Record<string, number>[] = [];
	for (let p = 0; p < players; p++) out.push({});
	const sources = ruleSources(c);
	for (const e of events)
		eventCredit(e, (player, rule, points) => {
			const row = out[player];
			if (!row) return;
			const k = (sources.get(rule) ?? BASE).expansion;
			row[k] = (row[k] ?? 0) + points;
		});
	return out;
}
