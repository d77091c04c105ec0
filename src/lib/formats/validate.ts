// The validator of expansion and tile documents: the JSON Schemas (ajv, compiled once) and then the
// checks a schema cannot express. Pure: no Node I/O, no UI imports, usable in the browser and the
// CLI. Every problem is located by a JSON pointer and worded for a tile designer.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import tileSchema from '../../../schemas/tile.v1.json';
import expansionSchema from '../../../schemas/expansion.v1.json';
import type { Expansion, Feature, Half, Tile } from './schema-types.ts';
import { HALF_WORDS, HALVES, SIDES, SIDE_NAMES, copiesOf, cornerName, cornerNeighbourSide, edgeTypes, halfIndex, sideIndex, type EdgeType } from './geometry.ts';
import { pointer, pointerSegments, resolvePointer, type Problem, type Severity } from './problems.ts';
import { INERT_ICONS, KNOWN_ICONS, KNOWN_MODIFIERS } from './known.ts';
import type { Meaning, MeaningKind, RuleRegistry } from './rule-registry.ts';
import { dataModuleId, modulesEnabled } from './resolve.ts';
import { nestingProblem } from './nesting.ts';
import { MAX_GAME_TILES, MAX_PLAYERS } from './limits.ts';
import { checkDataRules, dataNames, dataParameters } from './data-rules.ts';
import { MIGRATIONS, migrateExpansion } from './migrate.ts';

export type { Problem, Severity };
export { resolvePointer };

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
	expansion?: Pick<Expansion, 'id'> & Partial<Pick<Expansion, 'dependencies' | 'modifiers' | 'icons' | 'rules' | 'figures' | 'dataRules'>>;
}

// ---------------------------------------------------------------------------------------------
// The schemas, compiled once.

// validateSchema off: our schemas are checked against the 2020-12 meta-schema once, by a test
// (test/schemas.test.ts), not at every start (compiling the meta-schema took about a fifth of
// the tile editor's first load on the main thread).
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false });
ajv.addSchema(tileSchema);
const checkExpansionSchema = ajv.compile(expansionSchema);
const checkTileSchema = ajv.getSchema(tileSchema.$id)!;

type Kind = 'expansion' | 'tile' | 'feature' | 'count' | 'figure' | 'token' | 'look' | 'modifiers';
const KIND_NAMES: Record<Kind, string> = {
	expansion: 'the expansion',
	tile: 'a tile',
	feature: 'a feature',
	count: 'a per-player count',
	figure: 'a figure',
	token: 'a token',
	look: 'a look',
	modifiers: 'the modifiers'
};
const ALLOWED: Partial<Record<Kind, string>> = {
	expansion: Object.keys(expansionSchema.properties).join(', '),
	tile: Object.keys(tileSchema.properties).join(', '),
	feature: Object.keys(tileSchema.$defs.feature.properties).join(', '),
	count: 'perPlayer',
	figure: Object.keys(expansionSchema.$defs.figure.properties).join(', '),
	token: Object.keys(expansionSchema.$defs.token.properties).join(', '),
	look: Object.keys(expansionSchema.$defs.look.properties).join(', ')
};
const PATTERN_HELP: Record<string, string> = {
	[tileSchema.properties.id.pattern]:
		"may use only letters, digits, '-', '_' and '.', and must start with a letter or digit",
	[tileSchema.$defs.featureId.pattern]:
		"must start with a lower-case letter, then lower-case letters, digits, '_' or '-' (e.g. c1, r2, f1)",
	[expansionSchema.properties.id.pattern]: "must be lower-case words of letters and digits joined by '-' (e.g. inns-and-cathedrals)",
	[expansionSchema.properties.version.pattern]: 'must be a version number like 1.0.0',
	[tileSchema.properties.icons.items.pattern]: "must be lower-case letters, digits and '-', starting with a letter",
	[tileSchema.$defs.modifiers.propertyNames.pattern]: 'must be letters and digits, starting with a letter (e.g. pigHerd)',
	[expansionSchema.properties.rulings.propertyNames.pattern]: "must be upper-case words joined by '-' (e.g. FARM-SCORING)"
};
const TYPE_WORDS: Record<string, string> = {
	string: 'text',
	integer: 'a whole number',
	number: 'a number',
	boolean: 'true or false',
	array: 'a list [ … ]',
	object: 'an object { … }',
	null: 'null'
};
/** What to do about an embedded artwork over the schema's limit (it would make the expansion unsaveable). */
export const ARTWORK_TOO_LARGE =
	'the artwork is too large to embed: upload it again in the tile editor (images are scaled down to fit) or use a smaller image, at most 600 px across';
const COUNT_MESSAGE = 'count must be a whole number ≥ 1 or { perPlayer: n }';

/** The kind of object at the path `segs` below a document whose root is `root`. */
function kindAt(segs: readonly string[], root: 'expansion' | 'tile'): Kind | undefined {
	let i = 0;
	if (root === 'expansion') {
		if (segs.length === 0) return 'expansion';
		if (segs.length === 2 && segs[0] === 'figures') return 'figure';
		if (segs.length === 2 && segs[0] === 'tokens') return 'token';
		if (segs.length === 2 && segs[0] === 'looks') return 'look';
		if (segs[0] !== 'tiles' || segs.length < 2) return undefined;
		i = 2;
	}
	const rest = segs.length - i;
	if (rest === 0) return 'tile';
	if (rest === 1 && segs[i] === 'count') return 'count';
	if (segs[i] === 'features' && rest === 2) return 'feature';
	if (segs[i] === 'features' && rest === 3 && segs[i + 2] === 'modifiers') return 'modifiers';
	return undefined;
}

/** How to name the value at a path in a message: "'type' of a feature", "an entry of 'sides'". */
function label(segs: readonly string[], root: 'expansion' | 'tile'): string {
	if (segs.length === 0) return root === 'expansion' ? 'the expansion' : 'the tile';
	const last = segs[segs.length - 1];
	if (/^[0-9]+$/.test(last)) {
		const parent = segs[segs.length - 2];
		return segs.length >= 2 ? `an entry of '${parent}'` : 'an entry';
	}
	const kind = kindAt(segs.slice(0, -1), root);
	if (kind === 'modifiers') return `modifier '${last}'`;
	return kind ? `'${last}' of ${KIND_NAMES[kind]}` : `'${last}'`;
}

function show(value: unknown): string {
	if (value === undefined) return 'nothing';
	const text = JSON.stringify(value);
	return text.length > 40 ? text.slice(0, 37) + '…' : text;
}

/** Turns ajv's errors into designer problems, dropping its noise (branch errors of a oneOf, repeats). */
function schemaProblems(errors: readonly ErrorObject[], doc: unknown, root: 'expansion' | 'tile', prefix: string): Problem[] {
	const out: Problem[] = [];
	const seen = new Set<string>();
	// A oneOf (only 'count' uses one) reports every branch's failure: keep only what helps.
	const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
	const add = (ptr: string, message: string) => {
		const key = ptr + '\n' + message;
		if (seen.has(key)) return;
		seen.add(key);
		out.push({ pointer: prefix + ptr, message, severity: 'error' });
	};
	for (const e of errors) {
		if (e.propertyName !== undefined && e.keyword !== 'propertyNames') continue; // reported by its propertyNames error
		const segs = pointerSegments(e.instancePath);
		const data = resolvePointer(doc, e.instancePath);
		if (e.keyword === 'oneOf') {
			// An object that is close to { perPlayer: n } gets its own branch errors instead.
			if (data === null || typeof data !== 'object' || Array.isArray(data)) add(e.instancePath, COUNT_MESSAGE);
			continue;
		}
		const branch = oneOfs.find(
			(o) => e.schemaPath.startsWith(o.schemaPath + '/') && (e.instancePath === o.instancePath || e.instancePath.startsWith(o.instancePath + '/'))
		);
		if (branch) {
			const owner = resolvePointer(doc, branch.instancePath);
			const isObject = owner !== null && typeof owner === 'object' && !Array.isArray(owner);
			if (!isObject || !e.schemaPath.startsWith(branch.schemaPath + '/1/')) continue;
		}
		const what = label(segs, root);
		const p = e.params as Record<string, unknown>;
		switch (e.keyword) {
			case 'additionalProperties': {
				const kind = kindAt(segs, root);
				const prop = String(p.additionalProperty);
				const allowed = kind && ALLOWED[kind] ? ` (allowed: ${ALLOWED[kind]})` : '';
				add(e.instancePath + pointer(prop), `unknown property '${prop}' on ${kind ? KIND_NAMES[kind] : 'this object'}${allowed}`);
				break;
			}
			case 'required': {
				const kind = kindAt(segs, root);
				add(e.instancePath, `${kind ? KIND_NAMES[kind] : 'this object'} needs '${String(p.missingProperty)}'`);
				break;
			}
			case 'type': {
				const types = Array.isArray(p.type) ? (p.type as string[]) : String(p.type).split(',');
				const expected = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
				add(e.instancePath, `${what} must be ${expected} (got ${show(data)})`);
				break;
			}
			case 'enum': {
				const allowed = (p.allowedValues as unknown[]).map(String).join(', ');
				add(e.instancePath, `${show(data)} is not an allowed value for ${what} (allowed: ${allowed})`);
				break;
			}
			case 'const':
				add(e.instancePath, `${what} must be ${show(p.allowedValue)} (got ${show(data)})`);
				break;
			case 'pattern': {
				const help = PATTERN_HELP[String(p.pattern)] ?? `must match ${String(p.pattern)}`;
				add(e.instancePath, `${show(data)} is not a valid ${what.replace(/^an? /, '')}: it ${help}`);
				break;
			}
			case 'propertyNames': {
				const name = String(p.propertyName);
				const inner = errors.find((x) => x.propertyName === name && x.instancePath === e.instancePath && x.keyword === 'pattern');
				const help = inner ? PATTERN_HELP[String((inner.params as Record<string, unknown>).pattern)] : undefined;
				add(e.instancePath + pointer(name), `'${name}' is not a valid name here${help ? `: names ${help}` : ''}`);
				break;
			}
			case 'minimum':
			case 'maximum':
			case 'exclusiveMinimum':
			case 'exclusiveMaximum': {
				const word = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' }[e.keyword];
				if (segs[segs.length - 1] === 'count' && kindAt(segs.slice(0, -1), root) === 'tile') add(e.instancePath, COUNT_MESSAGE);
				else add(e.instancePath, `${what} must be ${word} ${String(p.limit)} (got ${show(data)})`);
				break;
			}
			case 'minLength':
				add(e.instancePath, Number(p.limit) === 1 ? `${what} must not be empty` : `${what} must have at least ${String(p.limit)} characters`);
				break;
			case 'maxLength':
				if (segs[segs.length - 1] === 'artwork' && kindAt(segs.slice(0, -1), root) === 'tile')
					add(e.instancePath, `${ARTWORK_TOO_LARGE} (${Math.ceil(String(data).length / 1024)} KB, at most ${Math.ceil(Number(p.limit) / 1024)} KB)`);
				else add(e.instancePath, `${what} is too long (at most ${String(p.limit)} characters)`);
				break;
			case 'maxItems':
				add(e.instancePath, `${what} has too many entries (at most ${String(p.limit)})`);
				break;
			case 'minItems':
				add(e.instancePath, `${what} needs at least ${String(p.limit)} entries`);
				break;
			case 'uniqueItems': {
				const later = Math.max(Number(p.i), Number(p.j));
				const earlier = Math.min(Number(p.i), Number(p.j));
				const item = Array.isArray(data) ? data[later] : undefined;
				add(`${e.instancePath}/${later}`, `${show(item)} is listed twice in ${what} (also entry ${earlier})`);
				break;
			}
			default:
				add(e.instancePath, `${what} ${e.message ?? 'is not valid'}`);
		}
	}
	return out;
}

// ---------------------------------------------------------------------------------------------
// Names the enabled sets know: modifiers and icons.

interface Known {
	modifiers: Set<string>;
	icons: Set<string>;
	/** With the registry: the modules in play and who would enable the others. */
	meanings?: Meanings;
}

interface Meanings {
	registry: RuleRegistry;
	/** The modules the expansion and its dependencies enable (the game's resolver decides), in registry order. */
	enabled: readonly string[];
	on: ReadonlySet<string>;
	/** An available expansion that enables the module, for the advice to depend on it. */
	enabler(module: string): string | undefined;
	/** Meanings the available documents' data rules give (a modifier or figure their dataRules declare). */
	data: Map<string, Meaning>;
}

function meaningsOf(expansion: unknown, available: ReadonlyMap<string, Expansion> | undefined, registry: RuleRegistry | undefined): Meanings | undefined {
	if (!registry || !isObject(expansion) || typeof expansion.id !== 'string') return undefined;
	const docs = available ?? new Map<string, Expansion>();
	// documents may be malformed here: read their figures and rules defensively
	const modulesOf = (e: unknown) => (isObject(e) ? modulesOfDoc(e, registry) : []);
	const enabled = modulesEnabled(expansion as unknown as Expansion, docs, { moduleIds: registry.moduleIds, modulesOf });
	const data = new Map<string, Meaning>();
	for (const [id, doc] of [...docs, [expansion.id, expansion] as const]) {
		if (!isObject(doc) || !isObject(doc.dataRules)) continue;
		const module = dataModuleId(id, registry.moduleIds);
		const rules = Array.isArray(doc.dataRules.rules) ? doc.dataRules.rules.filter(isObject) : [];
		// a modifier's meaning: the first rule that reads it; a figure's: its first rule id
		const reads = (name: string) => rules.find((r) => typeof r.id === 'string' && (r.modifier === name || JSON.stringify(r).includes(`"modifier.${name}"`)))?.id;
		if (isObject(doc.dataRules.modifiers))
			for (const name of Object.keys(doc.dataRules.modifiers)) {
				const rule = reads(name);
				data.set(`modifier:${name}`, { module, ...(typeof rule === 'string' ? { rule } : {}) });
			}
		if (isObject(doc.dataRules.figures))
			for (const [name, f] of Object.entries(doc.dataRules.figures)) {
				const rule = isObject(f) && Array.isArray(f.rules) && typeof f.rules[0] === 'string' ? f.rules[0] : undefined;
				data.set(`figure:${name}`, { module, ...(rule ? { rule } : {}) });
			}
	}
	const enabler = (module: string) => {
		const owner = module.endsWith(':data') ? module.slice(0, -5) : module;
		if (modulesOf(docs.get(owner)).includes(module) || (isObject(docs.get(owner)) && isObject(docs.get(owner)!.dataRules))) return owner;
		for (const [id, doc] of docs) if (id !== expansion.id && modulesOf(doc).includes(module)) return id;
		return undefined;
	};
	return { registry, enabled, on: new Set(enabled), enabler, data };
}

/**
 * With the registry: the advice when a rule module gives `name` its meaning but is not in play
 * ("a stable needs inn-and-stable-owners: add it to dependencies"); undefined otherwise.
 */
function needsModule(known: Known, kind: MeaningKind, name: string, what: string): { message: string; severity: Severity } | undefined {
	const m = known.meanings;
	const meaning = m?.registry.meaningOf(kind, name) ?? m?.data.get(`${kind}:${name}`);
	if (!m || !meaning || m.on.has(meaning.module)) return undefined;
	const by = meaning.rule ? `${meaning.rule}, rule module ${meaning.module}` : `rule module ${meaning.module}`;
	const exp = m.enabler(meaning.module);
	const inPlay = `in play: ${m.enabled.join(', ')}`;
	// a tile the game leaves out without the module is a choice of the designer (MM's waterfall)
	if (meaning.leftOut)
		return { message: `${what} plays only with ${exp ?? `the rule module ${meaning.module}`}; without it the tile is left out (${by}; ${inPlay})`, severity: 'note' };
	return {
		message: exp ? `${what} needs ${exp}: add it to dependencies (${by}; ${inPlay})` : `${what} needs the rule module ${meaning.module}, which no available expansion enables (${inPlay})`,
		severity: 'warning'
	};
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function stringList(v: unknown): string[] {
	return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The expansions `root` depends on, transitively (without itself), found in `available`. */
function dependencyClosure(root: unknown, available: ReadonlyMap<string, Expansion> | undefined): unknown[] {
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

function knownNames(expansion: unknown, deps: readonly unknown[], meanings?: Meanings): Known {
	const modifiers = new Set(Object.keys(KNOWN_MODIFIERS));
	const icons = new Set(KNOWN_ICONS);
	for (const e of [expansion, ...deps]) {
		if (!isObject(e)) continue;
		if (isObject(e.modifiers)) for (const k of Object.keys(e.modifiers)) modifiers.add(k);
		if (isObject(e.dataRules) && isObject(e.dataRules.modifiers)) for (const k of Object.keys(e.dataRules.modifiers)) modifiers.add(k);
		if (isObject(e.icons)) for (const k of Object.keys(e.icons)) icons.add(k);
	}
	return { modifiers, icons, meanings };
}

// ---------------------------------------------------------------------------------------------
// Checks of one tile that passed the schema.

const BORDER = new Set<Feature['type']>(['road', 'city', 'river']);
const INNER = new Set<Feature['type']>(['monastery', 'garden', 'stable']);

/**
 * For a feature touching the sides `own` (indices, two or more), the halves in border order with
 * their bank (0, 1, …): the halves met going clockwise from the middle of one of its sides to the
 * middle of the next share a bank.
 */
export function banksAround(own: ReadonlySet<number>): [half: number, bank: number][] {
	const start = 2 * Math.min(...own) + 1; // the right-hand half of its first side
	const out: [number, number][] = [];
	let bank = 0;
	for (let step = 0; step < 8; step++) {
		const hi = (start + step) & 7;
		// The right-hand half of one of its sides starts a new bank (the feature crosses the border there).
		if (step > 0 && (hi & 1) === 1 && own.has(hi >> 1)) bank++;
		out.push([hi, bank]);
	}
	return out;
}

/**
 * The field holding a half next to half `hi` on the same stretch of border (not across a road, river
 * or city), or -1: the field a half left out most likely belongs to.
 */
function neighbourField(hi: number, sideOwner: readonly number[], halfOwner: readonly number[], features: readonly Feature[]): number {
	const cuts = (side: number) => sideOwner[side] >= 0; // a road, river or city on that side
	// the other half of the same side, unless the side's feature runs between them
	const partner = hi ^ 1;
	if (!cuts(hi >> 1) && halfOwner[partner] >= 0 && features[halfOwner[partner]].type === 'field') return halfOwner[partner];
	// across the corner: the next half of the neighbouring side
	const corner = (hi & 1) === 1 ? (hi + 1) & 7 : (hi + 7) & 7;
	if (halfOwner[corner] >= 0 && features[halfOwner[corner]].type === 'field') return halfOwner[corner];
	return -1;
}

function checkTile(tile: Tile, at: string, known: Known, out: Problem[]): void {
	const features = tile.features;
	const handDrawn = tile.handDrawnAdjacency === true;
	const byId = new Map<string, number>();
	const sideOwner = [-1, -1, -1, -1];
	const halfOwner = [-1, -1, -1, -1, -1, -1, -1, -1];
	const contested = [false, false, false, false, false, false, false, false];
	const problem = (ptr: string, message: string, severity: Severity = 'error', places?: string[]) =>
		out.push({ pointer: at + ptr, message, severity, ...(places ? { places } : {}) });
	const name = (f: Feature) => `${f.type} ${f.id}`;

	// Ids, and which feature covers each side.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		const first = byId.get(f.id);
		if (first !== undefined) problem(`/features/${i}/id`, `feature id '${f.id}' is used twice on this tile (also by feature ${first})`);
		else byId.set(f.id, i);
		if (BORDER.has(f.type)) {
			if (f.halves !== undefined) problem(`/features/${i}/halves`, `only fields list half-sides: a ${f.type} lists the sides it touches in 'sides'`);
			if (f.sides === undefined) {
				problem(`/features/${i}`, `${name(f)} must list the sides it touches in 'sides'`);
				continue;
			}
			if (f.sides.length === 0 && !(f.type === 'city' && handDrawn))
				problem(`/features/${i}/sides`, `${name(f)} touches no side: a ${f.type} must touch at least one side`);
			for (let k = 0; k < f.sides.length; k++) {
				const s = sideIndex(f.sides[k]);
				const owner = sideOwner[s];
				if (owner >= 0) problem(`/features/${i}/sides/${k}`, `the ${SIDE_NAMES[f.sides[k]]} side is covered twice: by ${name(features[owner])} and by ${name(f)}`);
				else sideOwner[s] = i;
			}
		} else {
			if (f.sides !== undefined)
				problem(
					`/features/${i}/sides`,
					f.type === 'field' || f.type === 'quarter'
						? `a ${f.type} lists the half-sides it touches in 'halves', not 'sides'`
						: `a ${f.type} stands inside the tile and touches no side: remove 'sides'`
				);
			if (INNER.has(f.type) && f.halves !== undefined)
				problem(`/features/${i}/halves`, `a ${f.type} stands inside the tile and touches no half-side: remove 'halves'`);
		}
		if (f.type !== 'field' && f.cities !== undefined)
			problem(`/features/${i}/cities`, `only fields list the cities they border; ${name(f)} is a ${f.type}`);
	}

	// Field halves: each half of a road, river or field side in exactly one field (or a quarter of
	// The Count's city, which holds half-sides as a field does), none of a city side.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		if (f.type !== 'field' && f.type !== 'quarter') continue;
		if (f.halves === undefined) {
			problem(
				`/features/${i}`,
				f.type === 'field'
					? `field ${f.id} must list the half-sides it touches in 'halves' (an empty list for a field enclosed inside the tile)`
					: `quarter ${f.id} must list the half-sides it holds in 'halves'`
			);
			continue;
		}
		for (let k = 0; k < f.halves.length; k++) {
			const h: Half = f.halves[k];
			const hi = halfIndex(h);
			const owner = sideOwner[hi >> 1];
			if (owner >= 0 && features[owner].type === 'city') {
				problem(`/features/${i}/halves/${k}`, `${name(f)} holds ${h} (${HALF_WORDS[h]}), but that side is city ${features[owner].id}: a city side has no field halves`);
			} else if (halfOwner[hi] >= 0) {
				const other = features[halfOwner[hi]];
				problem(
					`/features/${i}/halves/${k}`,
					other.type === 'field' && f.type === 'field'
						? `${h} (${HALF_WORDS[h]}) is in two fields: ${other.id} and ${f.id}`
						: `${h} (${HALF_WORDS[h]}) is held twice: by ${name(other)} and ${name(f)}`
				);
				contested[hi] = true;
			} else halfOwner[hi] = i;
		}
	}
	if (tile.wildcard !== true) {
		let missing: Half[] | undefined;
		for (let hi = 0; hi < 8; hi++) {
			if (halfOwner[hi] >= 0) continue;
			const owner = sideOwner[hi >> 1];
			if (owner < 0 || features[owner].type !== 'city') (missing ??= []).push(HALVES[hi]);
		}
		if (missing?.length === 1) {
			const h = missing[0];
			const owner = sideOwner[halfIndex(h) >> 1];
			const side = SIDE_NAMES[SIDES[halfIndex(h) >> 1]];
			const why =
				owner >= 0 ? `the ${side} side is ${name(features[owner])}, so a field lies on each side of it` : `the ${side} side has no road, city or river, so it is field`;
			// The field on the same stretch of border most likely misses it: point at its 'halves'.
			const next = neighbourField(halfIndex(h), sideOwner, halfOwner, features);
			if (next >= 0)
				problem(`/features/${next}/halves`, `${h} (${HALF_WORDS[h]}) is in no field: ${why}; add it to the 'halves' of field ${features[next].id} beside it, or to another field`, 'error', [h]);
			else problem('/features', `${h} (${HALF_WORDS[h]}) is in no field: ${why}; add it to a field's 'halves'`, 'error', [h]);
		} else if (missing) {
			problem(
				'/features',
				`half-sides in no field: ${missing.join(', ')}; each half of a road, river or field side belongs to exactly one field: add them to the fields' 'halves'`,
				'error',
				missing
			);
		}
	}

	// A road, river or city that runs through the tile (two sides or more) cuts the border into banks:
	// one field cannot lie on two of them (the engine would score one farm across the road), unless
	// the field is declared to pass over or under it (`crosses`, as at the waterfall). A bridge does
	// not join the banks of what it crosses: each of the two features still splits the fields.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		if (!BORDER.has(f.type) || f.sides === undefined) continue;
		const own = new Set(f.sides.map(sideIndex));
		if (own.size < 2) continue;
		// Per field, the halves it holds on each bank.
		const held = new Map<number, Half[][]>();
		for (const [hi, bank] of banksAround(own)) {
			const j = halfOwner[hi];
			if (j < 0 || contested[hi] || features[j].type !== 'field') continue; // a half in two fields is reported already
			let perBank = held.get(j);
			if (!perBank) held.set(j, (perBank = Array.from({ length: own.size }, (): Half[] => [])));
			perBank[bank].push(HALVES[hi]);
		}
		for (const [j, perBank] of held) {
			const touched = perBank.filter((hs) => hs.length > 0);
			if (touched.length < 2) continue;
			const field = features[j];
			if (field.crosses?.includes(f.id) || f.crosses?.includes(field.id)) continue;
			const through = [...own].sort().map((s) => SIDE_NAMES[SIDES[s]]);
			const joins = through.length === 2 ? `${through[0]} and ${through[1]}` : `${through.slice(0, -1).join(', ')} and ${through[through.length - 1]}`;
			problem(
				`/features/${j}/halves`,
				`field ${field.id} lies on both sides of ${name(f)}, which runs through the tile joining the ${joins} sides: ` +
					`${touched[0].join(', ')} on one side, ${touched[1].join(', ')} on ${own.size === 2 ? 'the other' : 'another'}; ` +
					`a ${f.type} splits the fields it runs between, so make one field per side` +
					(handDrawn ? ' (the tile is marked as drawn by hand)' : ''),
				handDrawn ? 'note' : 'error'
			);
		}
	}

	// Cities a field lists, crossings, adjacency.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		if (f.crosses) {
			for (let k = 0; k < f.crosses.length; k++) {
				const id = f.crosses[k];
				if (id === f.id) problem(`/features/${i}/crosses/${k}`, `${name(f)} cannot cross itself`);
				else if (!byId.has(id)) problem(`/features/${i}/crosses/${k}`, `${name(f)} crosses '${id}', but this tile has no feature '${id}'`);
			}
		}
		if (f.type !== 'field' || f.halves === undefined) continue;
		const listed = f.cities ?? [];
		for (let k = 0; k < listed.length; k++) {
			const j = byId.get(listed[k]);
			if (j === undefined) problem(`/features/${i}/cities/${k}`, `field ${f.id} lists city '${listed[k]}', but this tile has no feature '${listed[k]}'`);
			else if (features[j].type !== 'city')
				problem(`/features/${i}/cities/${k}`, `field ${f.id} lists '${listed[k]}' as a city, but ${listed[k]} is a ${features[j].type}`);
		}
		// The cities this field borders along the perimeter: a half at a corner next to a city side.
		let bordered: number[] | undefined;
		for (const h of f.halves) {
			const owner = sideOwner[sideIndex(cornerNeighbourSide(h))];
			if (owner < 0 || features[owner].type !== 'city' || bordered?.includes(owner)) continue;
			(bordered ??= []).push(owner);
			const c = features[owner];
			if (!listed.includes(c.id))
				problem(
					f.cities ? `/features/${i}/cities` : `/features/${i}`,
					`field ${f.id} touches city ${c.id} along the ${cornerName(h)} corner but does not list it` +
						(handDrawn ? ' (the tile is marked as drawn by hand)' : ''),
					handDrawn ? 'note' : 'error'
				);
		}
		for (let k = 0; k < listed.length; k++) {
			const j = byId.get(listed[k]);
			if (j === undefined || features[j].type !== 'city' || bordered?.includes(j)) continue;
			problem(
				`/features/${i}/cities/${k}`,
				handDrawn
					? `field ${f.id} lists city ${listed[k]}, which it does not touch along the tile border (the tile is marked as drawn by hand)`
					: `field ${f.id} lists city ${listed[k]}, but does not touch it along the tile border; if the tile is drawn that way, mark it "handDrawnAdjacency": true`,
				handDrawn ? 'note' : 'warning'
			);
		}
	}

	// River roles belong on river tiles.
	if ((tile.role === 'spring' || tile.role === 'lake' || tile.role === 'fork') && !features.some((f) => f.type === 'river'))
		problem('/role', `a ${tile.role} is a river tile, but tile ${tile.id} has no river`, 'warning');

	// Feature kinds, modifiers and icons a module not in play gives meaning to: depend on it.
	// Unknown names are kept as data, with a warning.
	for (let i = 0; i < features.length; i++) {
		const f = features[i];
		const kindNeeds = needsModule(known, 'feature', f.type, `a ${f.type}`);
		if (kindNeeds) problem(`/features/${i}/type`, kindNeeds.message, kindNeeds.severity);
		else if (f.type === 'quarter' && !known.meanings?.registry.meaningOf('feature', 'quarter'))
			problem(
				`/features/${i}/type`,
				`quarter ${f.id} (the inside of The Count's city of Carcassonne) is kept as data: no rule module here plays The Count, so no figure stands on it and it scores nothing`,
				'warning'
			);
		if (!f.modifiers) continue;
		for (const m of Object.keys(f.modifiers)) {
			const belongs = Object.hasOwn(KNOWN_MODIFIERS, m) ? KNOWN_MODIFIERS[m] : undefined;
			const needs = needsModule(known, 'modifier', m, `modifier '${m}'`);
			if (needs) problem(`/features/${i}/modifiers${pointer(m)}`, needs.message, needs.severity);
			else if (!known.modifiers.has(m) && !known.meanings?.registry.meaningOf('modifier', m))
				problem(`/features/${i}/modifiers${pointer(m)}`, `unknown modifier '${m}': no enabled expansion gives it a meaning (known: ${[...known.modifiers].join(', ')})`, 'warning');
			else if (belongs !== undefined && belongs !== f.type)
				problem(`/features/${i}/modifiers${pointer(m)}`, `modifier '${m}' belongs on a ${belongs}; on ${name(f)} it has no effect`, 'warning');
		}
	}
	const icons = tile.icons ?? [];
	for (let k = 0; k < icons.length; k++) {
		const icon = icons[k];
		const needs = needsModule(known, 'icon', icon, `icon '${icon}'`);
		const meaning = known.meanings?.registry.meaningOf('icon', icon);
		if (needs) problem(`/icons/${k}`, needs.message, needs.severity);
		else if (!known.icons.has(icon) && !meaning)
			problem(`/icons/${k}`, `unknown icon '${icon}': no enabled expansion gives it a meaning (known: ${[...known.icons].join(', ')})`, 'warning');
		else if (known.meanings ? meaning?.inert : INERT_ICONS.includes(icon)) problem(`/icons/${k}`, `icon '${icon}' has no effect in this engine yet`, 'note');
	}
}

// ---------------------------------------------------------------------------------------------
// Checks across the tiles of an expansion.

/** Players assumed when asking "can anything match it": a per-player count gives two copies at least. */
const MIN_PLAYERS = 2;

interface Offer {
	counts: Record<EdgeType, number>;
	wildcard: boolean;
}
const offerCache = new WeakMap<object, Offer>();

/** Which edge types a foreign (possibly invalid) expansion's tiles offer, by copies. */
function offerOf(expansion: Record<string, unknown>): Offer {
	const cached = offerCache.get(expansion);
	if (cached) return cached;
	const offer: Offer = { counts: { road: 0, city: 0, river: 0, field: 0 }, wildcard: false };
	for (const t of Array.isArray(expansion.tiles) ? expansion.tiles : []) {
		if (!isObject(t) || !Array.isArray(t.features)) continue;
		if (t.wildcard === true) offer.wildcard = true;
		const n =
			typeof t.count === 'number' ? t.count : isObject(t.count) && typeof t.count.perPlayer === 'number' ? t.count.perPlayer * MIN_PLAYERS : 1;
		for (const ty of new Set(edgeTypes(t as Pick<Tile, 'features'>))) offer.counts[ty] += n;
	}
	offerCache.set(expansion, offer);
	return offer;
}

function checkEdgeMatches(doc: Expansion, good: readonly number[], deps: readonly unknown[], available: ReadonlyMap<string, Expansion>, out: Problem[]): void {
	const total: Record<EdgeType, number> = { road: 0, city: 0, river: 0, field: 0 };
	let wildcard = false;
	const own = good.map((i) => {
		const t = doc.tiles[i];
		const edges = edgeTypes(t);
		const types = new Set(edges);
		if (t.wildcard === true) wildcard = true;
		for (const ty of types) total[ty] += copiesOf(t, MIN_PLAYERS);
		return { i, t, edges, types };
	});
	const others = [...deps];
	const base: unknown = available.get('base');
	if (doc.id !== 'base' && isObject(base) && !others.includes(base)) others.push(base);
	for (const e of others) {
		if (!isObject(e)) continue;
		const offer = offerOf(e);
		wildcard ||= offer.wildcard;
		for (const ty of SIDES_TYPES) total[ty] += offer.counts[ty];
	}
	if (wildcard) return;
	for (const { i, t, edges, types } of own) {
		if (t.wildcard === true) continue;
		for (const ty of types) {
			if (total[ty] - 1 >= 1) continue;
			const where = SIDES.filter((_, k) => edges[k] === ty).map((s) => SIDE_NAMES[s]);
			out.push({
				pointer: `/tiles/${i}`,
				message: `tile ${t.id} has a ${ty} side (${where.join(', ')}) that no other tile of the enabled sets offers: it can never be matched`,
				severity: 'warning'
			});
		}
	}
}
const SIDES_TYPES: readonly EdgeType[] = ['road', 'city', 'river', 'field'];

/** A text that is equal for two tiles exactly when they are the same turned by `rotation`, up to feature ids. */
function rotationKey(t: Tile, rotation: number): string {
	const base = new Map<string, string>();
	const sig = (f: Feature): string => {
		const sides = (f.sides ?? []).map((s) => (sideIndex(s) + rotation) & 3).sort();
		const halves = (f.halves ?? []).map((h) => (halfIndex(h) + 2 * rotation) & 7).sort();
		const mods = f.modifiers
			? Object.keys(f.modifiers)
					.sort()
					.map((k) => `${k}=${String(f.modifiers![k])}`)
					.join(',')
			: '';
		return `${f.type}(${sides.join('')}|${halves.join('')}|${mods})`;
	};
	for (const f of t.features) base.set(f.id, sig(f));
	const full = t.features.map((f) => {
		const cities = (f.cities ?? []).map((id) => base.get(id) ?? '?').sort();
		const crosses = (f.crosses ?? []).map((id) => base.get(id) ?? '?').sort();
		return `${base.get(f.id)}[${cities.join(';')}][${crosses.join(';')}]`;
	});
	const icons = [...(t.icons ?? [])].sort();
	return `${t.role ?? ''}|${t.wildcard === true}|${icons.join(',')}|${full.sort().join(' ')}`;
}

/** A cheap text equal for any two tiles that are the same under rotation (most different tiles differ in it). */
function invariantKey(t: Tile): string {
	const types = t.features.map((f) => f.type).sort();
	let e = 0;
	for (const x of edgeTypes(t)) e += x === 'road' ? 1 : x === 'city' ? 8 : x === 'river' ? 64 : 512;
	return `${types.join(',')}|${e}|${t.icons?.length ?? 0}`;
}

function checkRotations(doc: Expansion, good: readonly number[], out: Problem[]): void {
	// Only tiles with the same rotation-free outline can be the same; compare those in full.
	const groups = new Map<string, number[]>();
	for (const i of good) {
		const key = invariantKey(doc.tiles[i]);
		const group = groups.get(key);
		if (group) group.push(i);
		else groups.set(key, [i]);
	}
	for (const group of groups.values()) {
		if (group.length < 2) continue;
		const seen = new Map<string, number>();
		for (const i of group) {
			const t = doc.tiles[i];
			const key = rotationKey(t, 0);
			const earlier = seen.get(key);
			if (earlier !== undefined) {
				out.push({ pointer: `/tiles/${i}`, message: `tile ${t.id} is the same as tile ${doc.tiles[earlier].id}: merge them and add up their counts`, severity: 'warning' });
				continue;
			}
			for (let r = 1; r < 4; r++) {
				const k = rotationKey(t, r);
				const match = seen.get(k);
				if (match !== undefined && k !== key) {
					out.push({
						pointer: `/tiles/${i}`,
						message: `tile ${t.id} is tile ${doc.tiles[match].id} turned ${(4 - r) * 90}° clockwise: merge them and add up their counts`,
						severity: 'warning'
					});
					break;
				}
			}
			seen.set(key, i);
		}
	}
}

const EXPANSION_ID = new RegExp(expansionSchema.properties.id.pattern);

function checkDependencies(doc: Record<string, unknown>, available: ReadonlyMap<string, Expansion> | undefined, out: Problem[]): void {
	if (!Array.isArray(doc.dependencies)) return;
	const self = typeof doc.id === 'string' ? doc.id : undefined;
	doc.dependencies.forEach((dep: unknown, k: number) => {
		// A malformed id is the schema's finding already.
		if (typeof dep !== 'string' || !EXPANSION_ID.test(dep)) return;
		if (dep === self) {
			out.push({ pointer: `/dependencies/${k}`, message: `the expansion depends on itself ('${dep}')`, severity: 'error' });
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
		if (path) out.push({ pointer: `/dependencies/${k}`, message: `dependency cycle: ${[self, ...path].join(' → ')}`, severity: 'error' });
	});
}

/** A chain of dependencies from `from` to `to`, if any. */
function findPath(from: string, to: string, available: ReadonlyMap<string, Expansion>): string[] | undefined {
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

/** The modules a (possibly invalid) document turns on by itself. */
function modulesOfDoc(e: Record<string, unknown>, registry: RuleRegistry): string[] {
	if (typeof e.id !== 'string') return [];
	const figures = (Array.isArray(e.figures) ? e.figures : []).filter((f): f is { id: string } => isObject(f) && typeof f.id === 'string');
	return registry.modulesOf({ id: e.id, rules: typeof e.rules === 'string' ? e.rules : undefined, figures: figures as Expansion['figures'] });
}

/** Rulings, parameters and figures against what the enabled rule modules (and the data rules of the document and its dependencies) register. */
/** The rulings documents declare in their data rules (`dataRules.rulings`), as the registry lists a module's. */
function declaredRulings(docs: readonly unknown[]): { id: string; options: Record<string, string>; default: string }[] {
	return docs.flatMap((d) =>
		isObject(d) && isObject(d.dataRules) && isObject(d.dataRules.rulings)
			? Object.entries(d.dataRules.rulings).flatMap(([id, r]) => (isObject(r) && isObject(r.options) && typeof r.default === 'string' ? [{ id, options: r.options as Record<string, string>, default: r.default }] : []))
			: []
	);
}

function checkRulesRegistry(doc: Record<string, unknown>, deps: readonly unknown[], modules: readonly string[], registry: RuleRegistry, data: Map<string, Meaning> | undefined, out: Problem[]): void {
	const named = modules.join(', ');
	const dataFigures = isObject(doc.dataRules) && isObject(doc.dataRules.figures) ? doc.dataRules.figures : {};
	if (Array.isArray(doc.figures))
		doc.figures.forEach((f: unknown, k: number) => {
			if (isObject(f) && typeof f.id === 'string' && !registry.meaningOf('figure', f.id) && !Object.hasOwn(dataFigures, f.id) && !data?.has(`figure:${f.id}`))
				out.push({ pointer: `/figures/${k}`, message: `figure '${f.id}': no rule module of this engine gives it a meaning, so no game has it`, severity: 'warning' });
		});
	if (typeof doc.rules === 'string' && EXPANSION_ID.test(doc.rules) && !registry.moduleIds.includes(doc.rules))
		out.push({
			pointer: '/rules',
			message: `'${doc.rules}' is not a rule module of this engine (modules: ${registry.moduleIds.join(', ')}): the expansion plays by the rules of its dependencies`,
			severity: 'warning'
		});
	if (isObject(doc.rulings)) {
		const defs = new Map([...registry.rulingsFor(modules), ...declaredRulings([doc, ...deps])].map((r) => [r.id, r]));
		for (const [id, option] of Object.entries(doc.rulings)) {
			// malformed ids and non-text options are the schema's findings already
			if (!RULING_ID.test(id) || typeof option !== 'string') continue;
			const def = defs.get(id);
			if (!def)
				out.push({ pointer: pointer('rulings', id), message: `ruling ${id} is registered by no enabled rule module (${named}): it has no effect`, severity: 'warning' });
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
		for (const [name, p] of dataParameters([doc, ...deps])) read.set(name, { name, ...p, module: 'data rules' });
		for (const [name, value] of Object.entries(doc.parameters)) {
			if (!PARAMETER_NAME.test(name) || typeof value !== 'number') continue;
			const p = read.get(name);
			if (!p)
				out.push({ pointer: pointer('parameters', name), message: `parameter '${name}' is read by no enabled rule module (${named}): it has no effect`, severity: 'warning' });
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
function checkGameFits(doc: Record<string, unknown>, deps: readonly unknown[], available: ReadonlyMap<string, Expansion> | undefined, registry: RuleRegistry | undefined, out: Problem[]): void {
	if (stringList(doc.dependencies).some((id) => !available?.has(id))) return;
	const base: unknown = doc.id === 'base' ? undefined : available?.get('base');
	if (doc.id !== 'base' && !isObject(base)) return;
	const sets = [doc, ...deps, ...(base && !deps.includes(base) ? [base] : [])].filter(isObject);
	const tilesOf = (e: Record<string, unknown>) => (Array.isArray(e.tiles) ? e.tiles.filter(isObject) : []);
	const river = !registry || sets.some((e) => modulesOfDoc(e, registry).includes('river'));
	const starts = sets.some((e) => tilesOf(e).some((t) => t.role === 'start' || (river && t.role === 'spring')));
	if (!starts)
		out.push({
			pointer: Array.isArray(doc.tiles) ? '/tiles' : '',
			message: `no tile of this expansion${deps.length ? ' or its dependencies' : ''} has role "start"${river ? ' (or "spring", with The River)' : ''}: a game with it cannot start (depend on base, or give one tile that role)`,
			severity: 'error'
		});
	let copies = 0;
	for (const e of sets) for (const t of tilesOf(e)) if (typeof t.count === 'number' || (isObject(t.count) && typeof t.count.perPlayer === 'number')) copies += copiesOf(t as Pick<Tile, 'count'>, MAX_PLAYERS);
	if (copies > MAX_GAME_TILES)
		out.push({
			pointer: Array.isArray(doc.tiles) ? '/tiles' : '',
			message: `a game with this expansion${deps.length ? ' and its dependencies' : ''} holds ${copies} tiles (with ${MAX_PLAYERS} players): at most ${MAX_GAME_TILES} are allowed`,
			severity: 'error'
		});
}

/** Each look draws one thing: a symbol or the designer's SVG (the schema lets either be absent). */
function checkLooks(doc: Record<string, unknown>, out: Problem[]): void {
	if (!isObject(doc.looks)) return;
	for (const [name, look] of Object.entries(doc.looks)) {
		if (!isObject(look)) continue;
		const at = pointer('looks', name);
		if ((look.symbol === undefined) === (look.svg === undefined))
			out.push({ pointer: at, message: `the look of '${name}' needs a symbol or an svg, exactly one of them`, severity: 'error' });
		else if (typeof look.svg === 'string' && !/^\s*(<\?xml[^>]*>\s*)?(<!--[^]*?-->\s*)*<svg[\s>]/.test(look.svg))
			out.push({ pointer: `${at}/svg`, message: `the look of '${name}' is not an SVG document (it must start with <svg …>): drawn as a '?'`, severity: 'warning' });
	}
}

// ---------------------------------------------------------------------------------------------
// Public entry points.

/** Validates an expansion document: schema, then the checks a schema cannot express. */
export function validateExpansion(doc: unknown, options: ValidateOptions = {}): Problem[] {
	const { available, registry } = options;
	const deep = nestingProblem(doc);
	if (deep) return [deep];
	if (checkExpansionSchema(doc)) {
		// an older format is read through its migrations (migrate.ts), as the resolver plays it
		const m = migrateExpansion(doc as unknown as Expansion, (id) => available?.get(id));
		if (m.applied.length === 0) return semanticExpansion(doc, available, registry, [], NO_TILES);
		const at = Object.hasOwn(doc, 'formatVersion') ? '/formatVersion' : '';
		const notes: Problem[] = m.applied.map((name) => ({ pointer: at, message: `format ${doc.formatVersion ?? 1}: read through the migration ${name} (${MIGRATIONS.find((x) => x.name === name)?.description})`, severity: 'note' }));
		const problems = semanticExpansion(m.doc as unknown as Record<string, unknown>, available, registry, notes, NO_TILES);
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
	while (segments.length > 0 && resolvePointer(doc, pointer(...segments)) === undefined) segments.pop();
	return { ...p, pointer: pointer(...segments), message: `${p.message} (at ${p.pointer} of the document as the migration ${applied.join(', ')} rewrites it)` };
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
	if (registry) checkRulesRegistry(doc, deps, meanings?.enabled ?? [], registry, meanings?.data, problems);
	if (doc.dataRules !== undefined) {
		const enabled = meanings?.enabled ?? [];
		const moduleParameters = registry ? registry.parametersFor(enabled).map((p) => p.name) : [];
		checkDataRules(doc, dataNames([doc, ...deps], ['follower'], moduleParameters, [...(registry ? registry.rulingsFor(enabled) : []), ...declaredRulings([doc, ...deps])]), problems);
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
				problems.push({ pointer: `/tiles/${i}/id`, message: `tile id '${t.id}' is used twice (also by tile ${first})`, severity: 'error' });
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

const knownCache = new WeakMap<object, { available: ReadonlyMap<string, Expansion> | undefined; registry: RuleRegistry | undefined; known: Known }>();
const builtinKnown = knownNames(undefined, []);

/**
 * Validates one tile document (pointers relative to the tile). Cheap enough to run on every
 * keystroke: the names known through `options.expansion` are computed once per expansion object.
 */
export function validateTile(tile: unknown, options: ValidateTileOptions = {}): Problem[] {
	const deep = nestingProblem(tile);
	if (deep) return [deep];
	if (!checkTileSchema(tile)) return schemaProblems(checkTileSchema.errors ?? [], tile, 'tile', '');
	let known = builtinKnown;
	const exp = options.expansion;
	if (exp) {
		const cached = knownCache.get(exp);
		if (cached && cached.available === options.available && cached.registry === options.registry) known = cached.known;
		else {
			known = knownNames(exp, dependencyClosure(exp, options.available), meaningsOf(exp, options.available, options.registry));
			knownCache.set(exp, { available: options.available, registry: options.registry, known });
		}
	}
	const out: Problem[] = [];
	checkTile(tile as Tile, '', known, out);
	return out;
}
