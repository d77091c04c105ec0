// The checks of an expansion against what it builds on: its dependencies (known, no cycle), the
// rule modules they enable (rulings, parameters, figures) and whether a game with them can start.
import expansionSchema from '../../../schemas/expansion.v1.json';
import type { Expansion, Tile } from './schema-types.ts';
import { copiesOf } from './geometry.ts';
import { pointer, type Problem } from './problems.ts';
import type { Meaning, RuleRegistry } from './rule-registry.ts';
import { MAX_GAME_TILES, MAX_PLAYERS } from './limits.ts';
import { dataParameters } from './data-rules.ts';
import { isObject, modulesOfDoc, stringList } from './meanings.ts';

const EXPANSION_ID = new RegExp(expansionSchema.properties.id.pattern);

export function checkDependencies(
	doc: Record<string, unknown>,
	available: ReadonlyMap<string, Expansion> | undefined,
	out: Problem[]
): void {
	if (!Array.isArray(doc.dependencies)) return;
	const self = typeof doc.id === 'string' ? doc.id : undefined;
	doc.dependencies.forEach((dep: unknown, k: number) => {
		// A malformed id is the schema's finding already.
		if (typeof dep !== 'string' || !EXPANSION_ID.test(dep)) return;
		if (dep === self) {
			out.push({
				pointer: `/dependencies/${k}`,
				message: `the expansion depends on itself ('${dep}')`,
				severity: 'error'
			});
			return;
		}
		if (!available) return;
		const target: unknown = available.get(dep);
		if (!isObject(target)) {
			const ids = [...available.keys()].filter((id) => id !== self).sort();
			if (ids.length > 12) ids.splice(12, ids.length, '…');
			out.push({
				pointer: `/dependencies/${k}`,
				message: `depends on '${dep}', which is not a known expansion (known: ${ids.join(', ') || 'none'})`,
				severity: 'error'
			});
			return;
		}
		if (self === undefined) return;
		// A cycle back to this expansion cannot be set up in a game.
		const path = findPath(dep, self, available);
		if (path)
			out.push({
				pointer: `/dependencies/${k}`,
				message: `dependency cycle: ${[self, ...path].join(' → ')}`,
				severity: 'error'
			});
	});
}

/** A chain of dependencies from `from` to `to`, if any. */
function findPath(
	from: string,
	to: string,
	available: ReadonlyMap<string, Expansion>
): string[] | undefined {
	const prev = new Map<string, string | null>([[from, null]]);
	const queue = [from];
	while (queue.length > 0) {
		const id = queue.shift()!;
		const e: unknown = available.get(id);
		if (!isObject(e)) continue;
		for (const next of stringList(e.dependencies)) {
			if (prev.has(next)) continue;
			prev.set(next, id);
			if (next === to) {
				const path = [next];
				for (let p = prev.get(next); p; p = prev.get(p)) path.unshift(p);
				return path;
			}
			queue.push(next);
		}
	}
	return undefined;
}

const RULING_ID = new RegExp(expansionSchema.properties.rulings.propertyNames.pattern);
const PARAMETER_NAME = new RegExp(expansionSchema.properties.parameters.propertyNames.pattern);

/** The rulings documents declare in their data rules (`dataRules.rulings`), as the registry lists a module's. */
export function declaredRulings(
	docs: readonly unknown[]
): { id: string; options: Record<string, string>; default: string }[] {
	return docs.flatMap((d) =>
		isObject(d) && isObject(d.dataRules) && isObject(d.dataRules.rulings)
			? Object.entries(d.dataRules.rulings).flatMap(([id, r]) =>
					isObject(r) && isObject(r.options) && typeof r.default === 'string'
						? [{ id, options: r.options as Record<string, string>, default: r.default }]
						: []
				)
			: []
	);
}

/** Rulings, parameters and figures against what the enabled rule modules (and the data rules of the document and its dependencies) register. */
export function checkRulesRegistry(
	doc: Record<string, unknown>,
	deps: readonly unknown[],
	modules: readonly string[],
	registry: RuleRegistry,
	data: Map<string, Meaning> | undefined,
	out: Problem[]
): void {
	const named = modules.join(', ');
	const dataFigures =
		isObject(doc.dataRules) && isObject(doc.dataRules.figures) ? doc.dataRules.figures : {};
	if (Array.isArray(doc.figures))
		doc.figures.forEach((f: unknown, k: number) => {
			if (
				isObject(f) &&
				typeof f.id === 'string' &&
				!registry.meaningOf('figure', f.id) &&
				!Object.hasOwn(dataFigures, f.id) &&
				!data?.has(`figure:${f.id}`)
			)
				out.push({
					pointer: `/figures/${k}`,
					message: `figure '${f.id}': no rule module of this engine gives it a meaning, so no game has it`,
					severity: 'warning'
				});
		});
	if (
		typeof doc.rules === 'string' &&
		EXPANSION_ID.test(doc.rules) &&
		!registry.moduleIds.includes(doc.rules)
	)
		out.push({
			pointer: '/rules',
			message: `'${doc.rules}' is not a rule module of this engine (modules: ${registry.moduleIds.join(', ')}): the expansion plays by the rules of its dependencies`,
			severity: 'warning'
		});
	if (isObject(doc.rulings)) {
		const defs = new Map(
			[...registry.rulingsFor(modules), ...declaredRulings([doc, ...deps])].map((r) => [r.id, r])
		);
		for (const [id, option] of Object.entries(doc.rulings)) {
			// malformed ids and non-text options are the schema's findings already
			if (!RULING_ID.test(id) || typeof option !== 'string') continue;
			const def = defs.get(id);
			if (!def)
				out.push({
					pointer: pointer('rulings', id),
					message: `ruling ${id} is registered by no enabled rule module (${named}): it has no effect`,
					severity: 'warning'
				});
			else if (!Object.hasOwn(def.options, option))
				out.push({
					pointer: pointer('rulings', id),
					message: `ruling ${id} has no option '${option}' (options: ${Object.keys(def.options).join(', ')}; default ${def.default})`,
					severity: 'error'
				});
		}
	}
	if (isObject(doc.parameters)) {
		const read = new Map(registry.parametersFor(modules).map((p) => [p.name, p]));
		for (const [name, p] of dataParameters([doc, ...deps]))
			read.set(name, { name, ...p, module: 'data rules' });
		for (const [name, value] of Object.entries(doc.parameters)) {
			if (!PARAMETER_NAME.test(name) || typeof value !== 'number') continue;
			const p = read.get(name);
			if (!p)
				out.push({
					pointer: pointer('parameters', name),
					message: `parameter '${name}' is read by no enabled rule module (${named}): it has no effect`,
					severity: 'warning'
				});
			else if (!Number.isInteger(value) || value < p.min || value > p.max)
				out.push({
					pointer: pointer('parameters', name),
					message: `parameter '${name}' must be a whole number from ${p.min} to ${p.max} (got ${value}; default ${p.default}): the engine refuses a game outside that range`,
					severity: 'error'
				});
		}
	}
}

/**
 * What keeps a game with this expansion, its dependencies and base (always in play, as a game
 * record's setup adds it) from starting: no start tile, more tiles than a game holds. Skipped while
 * a dependency or base is unknown (a missing dependency is reported already).
 */
export function checkGameFits(
	doc: Record<string, unknown>,
	deps: readonly unknown[],
	available: ReadonlyMap<string, Expansion> | undefined,
	registry: RuleRegistry | undefined,
	out: Problem[]
): void {
	if (stringList(doc.dependencies).some((id) => !available?.has(id))) return;
	const base: unknown = doc.id === 'base' ? undefined : available?.get('base');
	if (doc.id !== 'base' && !isObject(base)) return;
	const sets = [doc, ...deps, ...(base && !deps.includes(base) ? [base] : [])].filter(isObject);
	const tilesOf = (e: Record<string, unknown>) =>
		Array.isArray(e.tiles) ? e.tiles.filter(isObject) : [];
	const river = !registry || sets.some((e) => modulesOfDoc(e, registry).includes('river'));
	const starts = sets.some((e) =>
		tilesOf(e).some((t) => t.role === 'start' || (river && t.role === 'spring'))
	);
	if (!starts)
		out.push({
			pointer: Array.isArray(doc.tiles) ? '/tiles' : '',
			message: `no tile of this expansion${deps.length ? ' or its dependencies' : ''} has role "start"${river ? ' (or "spring", with The River)' : ''}: a game with it cannot start (depend on base, or give one tile that role)`,
			severity: 'error'
		});
	let copies = 0;
	for (const e of sets)
		for (const t of tilesOf(e))
			if (
				typeof t.count === 'number' ||
				(isObject(t.count) && typeof t.count.perPlayer === 'number')
			)
				copies += copiesOf(t as Pick<Tile, 'count'>, MAX_PLAYERS);
	if (copies > MAX_GAME_TILES)
		out.push({
			pointer: Array.isArray(doc.tiles) ? '/tiles' : '',
			message: `a game with this expansion${deps.length ? ' and its dependencies' : ''} holds ${copies} tiles (with ${MAX_PLAYERS} players): at most ${MAX_GAME_TILES} are allowed`,
			severity: 'error'
		});
}
