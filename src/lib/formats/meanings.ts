// The names the enabled sets know (modifiers, icons) and, with the rule registry, which module
// gives each feature kind, modifier, icon and figure its meaning; the dependency closure they come from.
import type { Expansion } from './schema-types.ts';
import { KNOWN_ICONS, KNOWN_MODIFIERS } from './known.ts';
import type { Meaning, MeaningKind, RuleRegistry } from './rule-registry.ts';
import { dataModuleId, modulesEnabled } from './resolve.ts';
import type { Severity } from './problems.ts';

export interface Known {
	modifiers: Set<string>;
	icons: Set<string>;
	/** With the registry: the modules in play and who would enable the others. */
	meanings?: Meanings;
}

export interface Meanings {
	registry: RuleRegistry;
	/** The modules the expansion and its dependencies enable (the game's resolver decides), in registry order. */
	enabled: readonly string[];
	on: ReadonlySet<string>;
	/** An available expansion that enables the module, for the advice to depend on it. */
	enabler(module: string): string | undefined;
	/** Meanings the available documents' data rules give (a modifier or figure their dataRules declare). */
	data: Map<string, Meaning>;
}

export function meaningsOf(
	expansion: unknown,
	available: ReadonlyMap<string, Expansion> | undefined,
	registry: RuleRegistry | undefined
): Meanings | undefined {
	if (!registry || !isObject(expansion) || typeof expansion.id !== 'string') return undefined;
	const docs = available ?? new Map<string, Expansion>();
	// documents may be malformed here: read their figures and rules defensively
	const modulesOf = (e: unknown) => (isObject(e) ? modulesOfDoc(e, registry) : []);
	const enabled = modulesEnabled(expansion as unknown as Expansion, docs, {
		moduleIds: registry.moduleIds,
		modulesOf
	});
	const data = new Map<string, Meaning>();
	for (const [id, doc] of [...docs, [expansion.id, expansion] as const]) {
		if (!isObject(doc) || !isObject(doc.dataRules)) continue;
		const module = dataModuleId(id, registry.moduleIds);
		const rules = Array.isArray(doc.dataRules.rules) ? doc.dataRules.rules.filter(isObject) : [];
		// a modifier's meaning: the first rule that reads it; a figure's: its first rule id
		const reads = (name: string) =>
			rules.find(
				(r) =>
					typeof r.id === 'string' &&
					(r.modifier === name || JSON.stringify(r).includes(`"modifier.${name}"`))
			)?.id;
		if (isObject(doc.dataRules.modifiers))
			for (const name of Object.keys(doc.dataRules.modifiers)) {
				const rule = reads(name);
				data.set(`modifier:${name}`, { module, ...(typeof rule === 'string' ? { rule } : {}) });
			}
		// an icon a rule reads (a setup check's tiles): that rule's meaning, unless a step gives one
		for (const r of rules)
			if (typeof r.icon === 'string')
				data.set(`icon:${r.icon}`, { module, ...(typeof r.id === 'string' ? { rule: r.id } : {}) });
		// an icon's meaning: the data step its tiles bring (a token step's rule)
		if (Array.isArray(doc.dataRules.steps))
			for (const st of doc.dataRules.steps)
				if (isObject(st) && typeof st.icon === 'string')
					data.set(`icon:${st.icon}`, {
						module,
						...(typeof st.id === 'string' ? { rule: st.id } : {})
					});
				else if (isObject(st) && st.type === 'piece') pieceMeanings(st, module, data);
				// a marker step gives its figure a meaning
				else if (isObject(st) && st.type === 'marker' && typeof st.figure === 'string')
					data.set(`figure:${st.figure}`, {
						module,
						...(typeof st.id === 'string' ? { rule: st.id } : {})
					});
		if (isObject(doc.dataRules.figures))
			for (const [name, f] of Object.entries(doc.dataRules.figures)) {
				const rule =
					isObject(f) && Array.isArray(f.rules) && typeof f.rules[0] === 'string'
						? f.rules[0]
						: undefined;
				data.set(`figure:${name}`, { module, ...(rule ? { rule } : {}) });
			}
	}
	const enabler = (module: string) => {
		const owner = module.endsWith(':data') ? module.slice(0, -5) : module;
		if (
			modulesOf(docs.get(owner)).includes(module) ||
			(isObject(docs.get(owner)) && isObject(docs.get(owner)!.dataRules))
		)
			return owner;
		for (const [id, doc] of docs)
			if (id !== expansion.id && modulesOf(doc).includes(module)) return id;
		return undefined;
	};
	return { registry, enabled, on: new Set(enabled), enabler, data };
}

/** A piece step gives its figure a meaning, and the feature kinds its piece goes on (a stable: its part's first rule). */
function pieceMeanings(st: Record<string, unknown>, module: string, data: Map<string, Meaning>) {
	const rule = typeof st.id === 'string' ? { rule: st.id } : {};
	if (typeof st.figure === 'string') data.set(`figure:${st.figure}`, { module, ...rule });
	const parts = isObject(st.parts) ? st.parts : {};
	for (const kind of isObject(st.onto) ? Object.keys(st.onto) : []) {
		const first = isObject(parts[kind]) ? stringList(parts[kind].rules)[0] : undefined;
		data.set(`feature:${kind}`, { module, ...(first ? { rule: first } : rule) });
	}
}

/**
 * With the registry: the advice when a rule module gives `name` its meaning but is not in play
 * ("a stable needs inn-and-stable-owners: add it to dependencies"); undefined otherwise.
 */
export function needsModule(
	known: Known,
	kind: MeaningKind,
	name: string,
	what: string
): { message: string; severity: Severity } | undefined {
	const m = known.meanings;
	const meaning = m?.registry.meaningOf(kind, name) ?? m?.data.get(`${kind}:${name}`);
	if (!m || !meaning || m.on.has(meaning.module)) return undefined;
	const by = meaning.rule
		? `${meaning.rule}, rule module ${meaning.module}`
		: `rule module ${meaning.module}`;
	const exp = m.enabler(meaning.module);
	const inPlay = `in play: ${m.enabled.join(', ')}`;
	// a tile the game leaves out without the module is a choice of the designer (MM's waterfall)
	if (meaning.leftOut)
		return {
			message: `${what} plays only with ${exp ?? `the rule module ${meaning.module}`}; without it the tile is left out (${by}; ${inPlay})`,
			severity: 'note'
		};
	// a module no document brings (the abbot, the pig) is the game's choice: a garden without the abbot is scenery
	if (!exp)
		return {
			message: `${what} plays only in a game that adds the rule module ${meaning.module} (the sandbox's setup, a game's modules); otherwise no rule reads it (${by}; ${inPlay})`,
			severity: 'note'
		};
	return {
		message: `${what} needs ${exp}: add it to dependencies (${by}; ${inPlay})`,
		severity: 'warning'
	};
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

export function stringList(v: unknown): string[] {
	return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The expansions `root` depends on, transitively (without itself), found in `available`. */
export function dependencyClosure(
	root: unknown,
	available: ReadonlyMap<string, Expansion> | undefined
): unknown[] {
	if (!available || !isObject(root)) return [];
	const out: unknown[] = [];
	const seen = new Set<string>();
	if (typeof root.id === 'string') seen.add(root.id);
	const queue = stringList(root.dependencies);
	while (queue.length > 0) {
		const id = queue.shift()!;
		if (seen.has(id)) continue;
		seen.add(id);
		const dep: unknown = available.get(id);
		if (!isObject(dep)) continue;
		out.push(dep);
		queue.push(...stringList(dep.dependencies));
	}
	return out;
}

export function knownNames(
	expansion: unknown,
	deps: readonly unknown[],
	meanings?: Meanings
): Known {
	const modifiers = new Set(Object.keys(KNOWN_MODIFIERS));
	const icons = new Set(KNOWN_ICONS);
	for (const e of [expansion, ...deps]) {
		if (!isObject(e)) continue;
		if (isObject(e.modifiers)) for (const k of Object.keys(e.modifiers)) modifiers.add(k);
		if (isObject(e.dataRules) && isObject(e.dataRules.modifiers))
			for (const k of Object.keys(e.dataRules.modifiers)) modifiers.add(k);
		if (isObject(e.icons)) for (const k of Object.keys(e.icons)) icons.add(k);
	}
	return { modifiers, icons, meanings };
}

/** The modules a (possibly invalid) document turns on by itself. */
export function modulesOfDoc(e: Record<string, unknown>, registry: RuleRegistry): string[] {
	if (typeof e.id !== 'string') return [];
	const figures = (Array.isArray(e.figures) ? e.figures : []).filter(
		(f): f is { id: string } => isObject(f) && typeof f.id === 'string'
	);
	return registry.modulesOf({
		id: e.id,
		rules: typeof e.rules === 'string' ? e.rules : undefined,
		figures: figures as Expansion['figures']
	});
}
