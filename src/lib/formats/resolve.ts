// The one resolver of a game's expansions: the chosen ids and the available documents → the closed,
// ordered set the engine plays (dependencies transitively, base first, every dependency before its
// dependents). A missing or cyclic dependency is a located error, never a silent skip. Pure.
import type { Expansion } from './schema-types.ts';
import type { RuleRegistry } from './rule-registry.ts';
import { migrateExpansion } from './migrate.ts';

export interface ResolveError {
	/** The id that could not be resolved (missing, or where the cycle closes). */
	id: string;
	/** The document whose `dependencies` name it; absent for an id chosen directly. */
	document?: string;
	/** In `document`: `/dependencies/N`; for a chosen id: `/N`, its index in the chosen list; '' for base nobody chose. */
	pointer: string;
	/** Says it all, location included: `'mine' depends on 'x' (/dependencies/2), which is not an available expansion`. */
	message: string;
}

export type Resolution =
	| {
			ok: true;
			/** Base first, then every dependency before its dependents, in the order first reached. */
			expansions: Expansion[];
			/** Chosen ids that name a rule module without a document (abbot, pig). */
			modules: string[];
	  }
	| {
			ok: false;
			errors: ResolveError[];
			/** What did resolve, in the same order: for display only — a game never starts from it. */
			partial: Expansion[];
			modules: string[];
	  };

export interface ResolveOptions {
	/** Rule modules that may be chosen without a document (the engine's module ids). */
	moduleIds?: readonly string[];
	/** Put base first even when nobody names it (default true: every game plays base). */
	base?: boolean;
}

type Lookup = (id: string) => Expansion | undefined;

function lookupOf(
	available: readonly Expansion[] | ReadonlyMap<string, Expansion> | Lookup
): Lookup {
	if (typeof available === 'function') return available;
	if (Array.isArray(available)) {
		const byId = new Map<string, Expansion>();
		for (const e of available) if (!byId.has(e.id)) byId.set(e.id, e);
		return (id) => byId.get(id);
	}
	const map = available as ReadonlyMap<string, Expansion>;
	return (id) => map.get(id);
}

export function resolveExpansions(
	chosen: readonly string[],
	available: readonly Expansion[] | ReadonlyMap<string, Expansion> | Lookup,
	options: ResolveOptions = {}
): Resolution {
	const lookup = lookupOf(available);
	const moduleIds = new Set(options.moduleIds ?? []);
	const out: Expansion[] = [];
	const modules: string[] = [];
	const errors: ResolveError[] = [];
	const done = new Set<string>();
	// the chain of documents being resolved, for cycles
	const path: string[] = [];

	const visit = (id: string, from: { document?: string; pointer: string }): void => {
		if (done.has(id)) return;
		const onPath = path.indexOf(id);
		if (onPath >= 0) {
			const cycle = [...path.slice(onPath), id];
			errors.push({
				id,
				...from,
				message: `dependency cycle: ${cycle.join(' → ')} ('${from.document}' ${from.pointer})`
			});
			return;
		}
		const found = lookup(id);
		// an older format plays as its migrations rewrite it (migrate.ts)
		const doc = found && migrateExpansion(found, lookup).doc;
		if (!doc) {
			// only a chosen id may stand for a module alone: a dependency is a document
			if (!from.document && moduleIds.has(id)) {
				done.add(id);
				modules.push(id);
				return;
			}
			const message = from.document
				? `'${from.document}' depends on '${id}' (${from.pointer}), which is not an available expansion`
				: from.pointer === ''
					? `'${id}' is not an available expansion, and every game plays it`
					: `'${id}' is not an available expansion${moduleIds.size ? ' nor a rule module' : ''}`;
			errors.push({ id, ...from, message });
			done.add(id); // reported once, where first met
			return;
		}
		path.push(id);
		const deps = Array.isArray(doc.dependencies) ? doc.dependencies : [];
		deps.forEach((dep, k) => {
			if (typeof dep === 'string') visit(dep, { document: id, pointer: `/dependencies/${k}` });
		});
		path.pop();
		done.add(id);
		out.push(doc);
	};

	if (options.base !== false && !chosen.includes('base')) visit('base', { pointer: '' });
	chosen.forEach((id, i) => visit(id, { pointer: `/${i}` }));
	// base first: it depends on nothing, so moving it keeps every dependency before its dependents
	const b = out.findIndex((e) => e.id === 'base');
	if (b > 0) out.unshift(...out.splice(b, 1));
	return errors.length
		? { ok: false, errors, partial: out, modules }
		: { ok: true, expansions: out, modules };
}

/**
 * Where an error sits in a document that lists the chosen ids in groups, e.g. a game record's
 * `[['/expansions', 3], ['/modules', 1]]`: the chosen id's own entry (`/expansions/2`), or the
 * first group for an error inside the dependencies (the message names the document).
 */
export function chosenPointer(
	e: ResolveError,
	groups: readonly (readonly [path: string, length: number])[]
): string {
	let i = e.document || e.pointer === '' ? -1 : Number(e.pointer.slice(1));
	if (i >= 0)
		for (const [path, length] of groups) {
			if (i < length) return `${path}/${i}`;
			i -= length;
		}
	return groups[0]?.[0] ?? '';
}

type ModuleSource = Pick<Expansion, 'id' | 'rules' | 'figures' | 'dependencies' | 'dataRules'>;

/** Does a document's dataRules compile to a module: not the turn's sequence alone (base.json's `turn`, `moments`)? */
export function playsDataRules(e: { dataRules?: unknown }): boolean {
	if (e.dataRules === null || typeof e.dataRules !== 'object') return false;
	const keys = Object.keys(e.dataRules);
	return keys.length === 0 || keys.some((k) => k !== 'turn' && k !== 'moments');
}

/** The id of the module an expansion's dataRules compile to: its own id, or `<id>:data` beside a TypeScript module of that id. */
export const dataModuleId = (
	docId: string,
	moduleIds: readonly string[] | ReadonlySet<string>
): string =>
	(
		Array.isArray(moduleIds)
			? moduleIds.includes(docId)
			: (moduleIds as ReadonlySet<string>).has(docId)
	)
		? `${docId}:data`
		: docId;

/**
 * The order modules play in: the TypeScript ones in registry order, each document's data module
 * (`dataDocs`, in game order) right after the TypeScript module of the same id or, failing that,
 * of the module its `rules` names (a migrated format-1 document, migrate.ts); a document with
 * `dataRules.before` after every other module in play, just before the first of those it names; one
 * with `dataRules.last` after all of them; the others after base and the abbot (before the modules
 * that adjust values).
 */
export function orderModules(
	ts: readonly string[],
	dataDocs: readonly {
		id: string;
		rules?: string;
		dataRules?: { before?: string[]; last?: boolean };
	}[],
	moduleIds: readonly string[] | ReadonlySet<string>
): string[] {
	const out = [...ts];
	let slot = Math.max(out.indexOf('abbot'), out.indexOf('base')) + 1;
	const last: string[] = [];
	for (const doc of dataDocs) {
		if (doc.dataRules?.last === true) {
			last.push(dataModuleId(doc.id, moduleIds));
			continue;
		}
		const id = dataModuleId(doc.id, moduleIds);
		const anchor =
			id !== doc.id
				? out.indexOf(doc.id)
				: typeof doc.rules === 'string' && doc.rules !== 'base'
					? out.indexOf(doc.rules)
					: -1;
		const before = Array.isArray(doc.dataRules?.before) ? doc.dataRules.before : [];
		if (anchor < 0 && before.length) {
			// late: after every other module in play, just before the first of those it names
			const at = out.findIndex((m) => before.includes(m));
			out.splice(at < 0 ? out.length : at, 0, id);
			continue;
		}
		if (anchor >= 0) {
			// after its anchor and the data modules already placed there
			let at = anchor + 1;
			while (at < out.length && !ts.includes(out[at])) at++;
			out.splice(at, 0, id);
			if (at <= slot) slot++;
		} else out.splice(slot++, 0, id);
	}
	return [...out, ...last];
}

/**
 * The rule modules in play when `doc` is played: those of every document the resolver closes it
 * over (base and the dependencies, transitively) and the module ids among them, in registry order.
 * `doc` stands for its own id in `available` (it may be an unsaved draft). A dependency that does
 * not resolve enables nothing (the validator reports it).
 */
export function modulesEnabled(
	doc: ModuleSource,
	available: ReadonlyMap<string, ModuleSource> | ((id: string) => ModuleSource | undefined),
	registry: Pick<RuleRegistry, 'moduleIds' | 'modulesOf'>
): string[] {
	const find = typeof available === 'function' ? available : (id: string) => available.get(id);
	const lookup = (id: string) => (id === doc.id ? doc : find(id)) as Expansion | undefined;
	const r = resolveExpansions([doc.id], lookup, { moduleIds: registry.moduleIds });
	const on = new Set<string>(r.modules);
	const played = r.ok ? r.expansions : r.partial;
	for (const e of played) for (const m of registry.modulesOf(e)) on.add(m);
	const data = played.filter(playsDataRules);
	return orderModules(
		registry.moduleIds.filter((id) => on.has(id)),
		data,
		registry.moduleIds
	);
}
