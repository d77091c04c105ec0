// The validator of expansion and tile documents: the JSON Schemas (schema-wording.ts) and then the
// checks a schema cannot express (meanings.ts, check-tile.ts, check-across-tiles.ts,
// check-dependencies.ts). Pure: no Node I/O, no UI imports, usable in the browser and the CLI.
// Every problem is located by a JSON pointer and worded for a tile designer.
import type { Expansion, Tile } from './schema-types.ts';
import {
	pointer,
	pointerSegments,
	resolvePointer,
	type Problem,
	type Severity
} from './problems.ts';
import type { RuleRegistry } from './rule-registry.ts';
import { nestingProblem } from './nesting.ts';
import { checkDataRules, dataNames } from './data-rules.ts';
import { MIGRATIONS, migrateExpansion } from './migrate.ts';
import { ARTWORK_TOO_LARGE, schemaChecks, schemaProblems } from './schema-wording.ts';
import { dependencyClosure, isObject, knownNames, meaningsOf, type Known } from './meanings.ts';
import { checkTile } from './check-tile.ts';
import { startsAsSvg } from './svg-start.ts';
import { checkEdgeMatches, checkRotations } from './check-across-tiles.ts';
import {
	checkDependencies,
	checkGameFits,
	checkRulesRegistry,
	declaredRulings
} from './check-dependencies.ts';

export type { Problem, Severity };
export { ARTWORK_TOO_LARGE, resolvePointer };

export interface ValidateOptions {
	/** Other expansions by id: resolves dependencies and tells which edges, modifiers and icons the enabled sets provide. */
	available?: ReadonlyMap<string, Expansion>;
	/**
	 * The rule modules' registry (src/lib/engine/registry.ts). With it, rulings and parameters are
	 * checked against the modules the expansion and its dependencies enable, and every feature kind,
	 * modifier and icon a tile uses against the module that gives it its meaning.
	 */
	registry?: RuleRegistry;
}

export interface ValidateTileOptions extends ValidateOptions {
	/** The expansion the tile belongs to: its own and its dependencies' modifiers and icons are known. */
	expansion?: Pick<Expansion, 'id'> &
		Partial<
			Pick<Expansion, 'dependencies' | 'modifiers' | 'icons' | 'rules' | 'figures' | 'dataRules'>
		>;
}

/** Each look draws one thing: a symbol or the designer's SVG (the schema lets either be absent). */
function checkLooks(doc: Record<string, unknown>, out: Problem[]): void {
	if (!isObject(doc.looks)) return;
	for (const [name, look] of Object.entries(doc.looks)) {
		if (!isObject(look)) continue;
		const at = pointer('looks', name);
		if ((look.symbol === undefined) === (look.svg === undefined))
			out.push({
				pointer: at,
				message: `the look of '${name}' needs a symbol or an svg, exactly one of them`,
				severity: 'error'
			});
		else if (typeof look.svg === 'string' && !startsAsSvg(look.svg))
			out.push({
				pointer: `${at}/svg`,
				message: `the look of '${name}' is not an SVG document (it must start with <svg …>): drawn as a '?'`,
				severity: 'warning'
			});
	}
}

// ---------------------------------------------------------------------------------------------
// Public entry points.

/** Validates an expansion document: schema, then the checks a schema cannot express. */
export function validateExpansion(doc: unknown, options: ValidateOptions = {}): Problem[] {
	const { available, registry } = options;
	const deep = nestingProblem(doc);
	if (deep) return [deep];
	const checkExpansionSchema = schemaChecks().expansion;
	if (checkExpansionSchema(doc)) {
		// an older format is read through its migrations (migrate.ts), as the resolver plays it
		const m = migrateExpansion(doc as unknown as Expansion, (id) => available?.get(id));
		if (m.applied.length === 0) return semanticExpansion(doc, available, registry, [], NO_TILES);
		const at = Object.hasOwn(doc, 'formatVersion') ? '/formatVersion' : '';
		const notes: Problem[] = m.applied.map((name) => ({
			pointer: at,
			message: `format ${doc.formatVersion ?? 1}: read through the migration ${name} (${MIGRATIONS.find((x) => x.name === name)?.description})`,
			severity: 'note'
		}));
		const problems = semanticExpansion(
			m.doc as unknown as Record<string, unknown>,
			available,
			registry,
			notes,
			NO_TILES
		);
		return problems.map((p) => inDocument(doc, p, m.applied));
	}
	const errors = checkExpansionSchema.errors ?? [];
	const problems = schemaProblems(errors, doc, 'expansion', '');
	if (!isObject(doc)) return problems;
	// Tiles with a schema error get no further checks: their shape cannot be trusted.
	const broken = new Set<number>();
	for (const e of errors) {
		const m = /^\/tiles\/([0-9]+)(\/|$)/.exec(e.instancePath);
		if (m) broken.add(Number(m[1]));
	}
	return semanticExpansion(doc, available, registry, problems, broken);
}
const NO_TILES: ReadonlySet<number> = new Set();

/**
 * A problem of a migrated document as the designer can find it in the document they wrote: where
 * its pointer exists only in the migrated form (a rule the migration copied in), it points at the
 * nearest place that exists and says where in the migrated form it is.
 */
function inDocument(doc: Record<string, unknown>, p: Problem, applied: readonly string[]): Problem {
	if (resolvePointer(doc, p.pointer) !== undefined) return p;
	const segments = pointerSegments(p.pointer);
	while (segments.length > 0 && resolvePointer(doc, pointer(...segments)) === undefined)
		segments.pop();
	return {
		...p,
		pointer: pointer(...segments),
		message: `${p.message} (at ${p.pointer} of the document as the migration ${applied.join(', ')} rewrites it)`
	};
}

function semanticExpansion(
	doc: Record<string, unknown>,
	available: ReadonlyMap<string, Expansion> | undefined,
	registry: RuleRegistry | undefined,
	problems: Problem[],
	broken: ReadonlySet<number>
): Problem[] {
	checkDependencies(doc, available, problems);
	const deps = dependencyClosure(doc, available);
	const meanings = meaningsOf(doc, available, registry);
	if (registry)
		checkRulesRegistry(doc, deps, meanings?.enabled ?? [], registry, meanings?.data, problems);
	if (doc.dataRules !== undefined) {
		const enabled = meanings?.enabled ?? [];
		const moduleParameters = registry ? registry.parametersFor(enabled) : [];
		checkDataRules(
			doc,
			dataNames([doc, ...deps], ['follower'], moduleParameters, [
				...(registry ? registry.rulingsFor(enabled) : []),
				...declaredRulings([doc, ...deps])
			]),
			problems
		);
	}
	checkGameFits(doc, deps, available, registry, problems);
	checkLooks(doc, problems);
	const known = knownNames(doc, deps, meanings);
	const tiles: unknown[] = Array.isArray(doc.tiles) ? doc.tiles : [];
	const good: number[] = [];
	const ids = new Map<string, number>();
	for (let i = 0; i < tiles.length; i++) {
		const t = tiles[i];
		if (isObject(t) && typeof t.id === 'string') {
			const first = ids.get(t.id);
			if (first !== undefined)
				problems.push({
					pointer: `/tiles/${i}/id`,
					message: `tile id '${t.id}' is used twice (also by tile ${first})`,
					severity: 'error'
				});
			else ids.set(t.id, i);
		}
		if (broken.has(i)) continue;
		good.push(i);
		checkTile(t as Tile, `/tiles/${i}`, known, problems);
	}
	const exp = { id: typeof doc.id === 'string' ? doc.id : '', tiles } as Expansion;
	checkRotations(exp, good, problems);
	if (available) checkEdgeMatches(exp, good, deps, available, problems);
	return problems;
}

const knownCache = new WeakMap<
	object,
	{
		available: ReadonlyMap<string, Expansion> | undefined;
		registry: RuleRegistry | undefined;
		known: Known;
	}
>();
const builtinKnown = knownNames(undefined, []);

/**
 * Validates one tile document (pointers relative to the tile). Cheap enough to run on every
 * keystroke: the names known through `options.expansion` are computed once per expansion object.
 */
export function validateTile(tile: unknown, options: ValidateTileOptions = {}): Problem[] {
	const deep = nestingProblem(tile);
	if (deep) return [deep];
	const checkTileSchema = schemaChecks().tile;
	if (!checkTileSchema(tile)) return schemaProblems(checkTileSchema.errors ?? [], tile, 'tile', '');
	let known = builtinKnown;
	const exp = options.expansion;
	if (exp) {
		const cached = knownCache.get(exp);
		if (cached && cached.available === options.available && cached.registry === options.registry)
			known = cached.known;
		else {
			known = knownNames(
				exp,
				dependencyClosure(exp, options.available),
				meaningsOf(exp, options.available, options.registry)
			);
			knownCache.set(exp, { available: options.available, registry: options.registry, known });
		}
	}
	const out: Problem[] = [];
	checkTile(tile as Tile, '', known, out);
	return out;
}
