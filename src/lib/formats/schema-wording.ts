// The JSON Schemas compiled once (ajv) and ajv's errors worded for a tile designer: what the
// value is ("'type' of a feature"), what is allowed there, and where (a JSON pointer).
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { AnyValidateFunction } from 'ajv/dist/types/index.js';
import tileSchema from '../../../schemas/tile.v1.json';
import expansionSchema from '../../../schemas/expansion.v1.json';
import { pointer, pointerSegments, resolvePointer, type Problem } from './problems.ts';

// validateSchema off: our schemas are checked against the 2020-12 meta-schema once, by a test
// (test/schemas.test.ts), not at every start (compiling the meta-schema took about a fifth of
// the tile editor's first load on the main thread).
interface SchemaChecks {
	expansion: ValidateFunction<Record<string, unknown>>;
	tile: AnyValidateFunction;
}
let compiled: SchemaChecks | null = null;

/**
 * The schemas' validators, compiled on first use (not when the module loads: the checker's worker
 * threads load the CLI's bundle and never validate, and compiling took ~0.1-0.3 s of each one's start).
 */
export function schemaChecks(): SchemaChecks {
	if (compiled) return compiled;
	const ajv = new Ajv2020({
		allErrors: true,
		strict: true,
		allowUnionTypes: true,
		// dataStep's branches by their `type`: errors of the branch named, not of every branch
		discriminator: true,
		validateSchema: false
	});
	ajv.addSchema(tileSchema);
	compiled = {
		expansion: ajv.compile<Record<string, unknown>>(expansionSchema),
		tile: ajv.getSchema(tileSchema.$id)!
	};
	return compiled;
}

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
	[expansionSchema.properties.id.pattern]:
		"must be lower-case words of letters and digits joined by '-' (e.g. inns-and-cathedrals)",
	[expansionSchema.properties.version.pattern]: 'must be a version number like 1.0.0',
	[tileSchema.properties.icons.items.pattern]:
		"must be lower-case letters, digits and '-', starting with a letter",
	[tileSchema.$defs.modifiers.propertyNames.pattern]:
		'must be letters and digits, starting with a letter (e.g. pigHerd)',
	[expansionSchema.properties.rulings.propertyNames.pattern]:
		"must be upper-case words joined by '-' (e.g. FARM-SCORING)",
	[expansionSchema.$defs.silhouette.properties.path.pattern]:
		'must be SVG path data: the letters M L H V C S Q T A Z (either case), numbers, spaces and commas (e.g. M4 19L10 2L16 19Z), not SVG markup'
};
/** What a property's name must be, from the error ajv gives the name itself (a pattern or a list). */
function nameHelp(errors: readonly ErrorObject[], at: string, name: string): string | undefined {
	const inner = errors.find(
		(x) =>
			x.propertyName === name &&
			x.instancePath === at &&
			(x.keyword === 'pattern' || x.keyword === 'enum')
	);
	const p = (inner?.params ?? {}) as Record<string, unknown>;
	if (inner?.keyword === 'enum') return `here are ${(p.allowedValues as unknown[]).join(', ')}`;
	return inner ? PATTERN_HELP[String(p.pattern)] : undefined;
}
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

/** A oneOf (only 'count' uses one) reports every branch's failure: whether `e` is one of those not to keep. */
function oneOfNoise(e: ErrorObject, oneOfs: readonly ErrorObject[], doc: unknown): boolean {
	const branch = oneOfs.find(
		(o) =>
			e.schemaPath.startsWith(o.schemaPath + '/') &&
			(e.instancePath === o.instancePath || e.instancePath.startsWith(o.instancePath + '/'))
	);
	if (!branch) return false;
	const owner = resolvePointer(doc, branch.instancePath);
	const isObject = owner !== null && typeof owner === 'object' && !Array.isArray(owner);
	return !isObject || !e.schemaPath.startsWith(branch.schemaPath + '/1/');
}

/** One ajv error with what its wording needs: the path's segments, the value there, how to name it. */
interface Failure {
	e: ErrorObject;
	p: Record<string, unknown>;
	segs: string[];
	data: unknown;
	what: string;
	root: 'expansion' | 'tile';
	/** All of ajv's errors (a property name's own error says what the name must be). */
	errors: readonly ErrorObject[];
}
/** A problem's place (a JSON pointer below the document) and its words. */
type Worded = [ptr: string, message: string];

/** An object's properties: one not allowed, one missing, a name not valid. */
function propertyWords({ e, p, segs, root, errors }: Failure): Worded | undefined {
	switch (e.keyword) {
		case 'additionalProperties': {
			const kind = kindAt(segs, root);
			const prop = String(p.additionalProperty);
			const allowed = kind && ALLOWED[kind] ? ` (allowed: ${ALLOWED[kind]})` : '';
			return [
				e.instancePath + pointer(prop),
				`unknown property '${prop}' on ${kind ? KIND_NAMES[kind] : 'this object'}${allowed}`
			];
		}
		case 'required': {
			const kind = kindAt(segs, root);
			return [
				e.instancePath,
				`${kind ? KIND_NAMES[kind] : 'this object'} needs '${String(p.missingProperty)}'`
			];
		}
		case 'propertyNames': {
			const name = String(p.propertyName);
			const help = nameHelp(errors, e.instancePath, name);
			return [
				e.instancePath + pointer(name),
				`'${name}' is not a valid name here${help ? `: names ${help}` : ''}`
			];
		}
	}
	return undefined;
}

/** A limit passed: a number's bounds, a text's length, a list's entries. */
function limitWords({ e, p, segs, data, what, root }: Failure): Worded | undefined {
	switch (e.keyword) {
		case 'minimum':
		case 'maximum':
		case 'exclusiveMinimum':
		case 'exclusiveMaximum': {
			const word = {
				minimum: 'at least',
				maximum: 'at most',
				exclusiveMinimum: 'more than',
				exclusiveMaximum: 'less than'
			}[e.keyword];
			if (segs[segs.length - 1] === 'count' && kindAt(segs.slice(0, -1), root) === 'tile')
				return [e.instancePath, COUNT_MESSAGE];
			return [e.instancePath, `${what} must be ${word} ${String(p.limit)} (got ${show(data)})`];
		}
		case 'minLength':
			return [
				e.instancePath,
				Number(p.limit) === 1
					? `${what} must not be empty`
					: `${what} must have at least ${String(p.limit)} characters`
			];
		case 'maxLength':
			if (segs[segs.length - 1] === 'artwork' && kindAt(segs.slice(0, -1), root) === 'tile')
				return [
					e.instancePath,
					`${ARTWORK_TOO_LARGE} (${Math.ceil(String(data).length / 1024)} KB, at most ${Math.ceil(Number(p.limit) / 1024)} KB)`
				];
			return [e.instancePath, `${what} is too long (at most ${String(p.limit)} characters)`];
		case 'maxItems':
			return [e.instancePath, `${what} has too many entries (at most ${String(p.limit)})`];
		case 'minItems':
			return [e.instancePath, `${what} needs at least ${String(p.limit)} entries`];
	}
	return undefined;
}

/** A value not of the kind allowed: its type, one of a list, a pattern, a repeat; or ajv's own words. */
function valueWords({ e, p, data, what }: Failure): Worded {
	switch (e.keyword) {
		case 'type': {
			const types = Array.isArray(p.type) ? (p.type as string[]) : String(p.type).split(',');
			const expected = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
			return [e.instancePath, `${what} must be ${expected} (got ${show(data)})`];
		}
		case 'enum': {
			const allowed = (p.allowedValues as unknown[]).map(String).join(', ');
			return [
				e.instancePath,
				`${show(data)} is not an allowed value for ${what} (allowed: ${allowed})`
			];
		}
		case 'const':
			return [e.instancePath, `${what} must be ${show(p.allowedValue)} (got ${show(data)})`];
		case 'pattern': {
			const help = PATTERN_HELP[String(p.pattern)] ?? `must match ${String(p.pattern)}`;
			return [
				e.instancePath,
				`${show(data)} is not a valid ${what.replace(/^an? /, '')}: it ${help}`
			];
		}
		case 'uniqueItems': {
			const later = Math.max(Number(p.i), Number(p.j));
			const earlier = Math.min(Number(p.i), Number(p.j));
			const item = Array.isArray(data) ? data[later] : undefined;
			return [
				`${e.instancePath}/${later}`,
				`${show(item)} is listed twice in ${what} (also entry ${earlier})`
			];
		}
		default:
			return [e.instancePath, `${what} ${e.message ?? 'is not valid'}`];
	}
}

/** Turns ajv's errors into designer problems, dropping its noise (branch errors of a oneOf, repeats). */
export function schemaProblems(
	errors: readonly ErrorObject[],
	doc: unknown,
	root: 'expansion' | 'tile',
	prefix: string
): Problem[] {
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
		if (e.keyword === 'if') continue; // its `then` reports what is missing
		const segs = pointerSegments(e.instancePath);
		const data = resolvePointer(doc, e.instancePath);
		if (e.keyword === 'oneOf') {
			// An object that is close to { perPlayer: n } gets its own branch errors instead.
			if (data === null || typeof data !== 'object' || Array.isArray(data))
				add(e.instancePath, COUNT_MESSAGE);
			continue;
		}
		if (oneOfNoise(e, oneOfs, doc)) continue;
		const what = label(segs, root);
		const p = e.params as Record<string, unknown>;
		const failure: Failure = { e, p, segs, data, what, root, errors };
		add(...(propertyWords(failure) ?? limitWords(failure) ?? valueWords(failure)));
	}
	return out;
}
