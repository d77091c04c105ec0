// A form generated from a JSON Schema (the expansion page's data rules): what field each schema
// gives (a select for an enum, a number with its range, a check box, a nested object, a list, a map
// of named entries, a choice between `anyOf`/`oneOf` branches, or JSON text for what has no form:
// the rules' expressions), the value a new entry starts with, which branch a value is, and where
// each validation problem is shown. Pure: the components render it, the edits are pointer-edit.ts.
import type { Problem } from '../formats/problems.ts';
import { pointer as join } from '../formats/problems.ts';

export type Schema = {
	$ref?: string;
	title?: string;
	description?: string;
	type?: string | string[];
	enum?: unknown[];
	const?: unknown;
	properties?: Record<string, Schema>;
	required?: string[];
	additionalProperties?: boolean | Schema;
	items?: Schema;
	uniqueItems?: boolean;
	anyOf?: Schema[];
	oneOf?: Schema[];
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	pattern?: string;
	default?: unknown;
	[key: string]: unknown;
};

/** The root schema holding the `$defs` that `$ref`s name. */
export type RootSchema = Schema & { $defs?: Record<string, Schema> };

export type FieldKind =
	| 'enum'
	| 'const'
	| 'boolean'
	| 'number'
	| 'string'
	| 'object'
	| 'map'
	| 'array'
	| 'enum-set'
	| 'choice'
	| 'json';

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema with its `$ref` followed (local `#/$defs/…` only); the referring schema's own words win. */
export function resolve(schema: Schema, root: RootSchema): Schema {
	let s = schema;
	for (let depth = 0; s.$ref && depth < 32; depth++) {
		const m = /^#\/\$defs\/(.+)$/.exec(s.$ref);
		const target = m ? root.$defs?.[m[1]] : undefined;
		if (!target) break;
		const { $ref: _ref, ...own } = s;
		s = { ...target, ...own };
	}
	return s;
}

const types = (s: Schema): string[] =>
	s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
const branchesOf = (s: Schema): Schema[] | undefined => s.oneOf ?? s.anyOf;

/** An object schema that lists nothing (any keys, any values): no form can be made of it. */
function isFreeObject(s: Schema): boolean {
	return types(s).includes('object') && !s.properties && !isObject(s.additionalProperties);
}

/** Which field a schema gives. */
export function fieldKind(schema: Schema, root: RootSchema): FieldKind {
	const s = resolve(schema, root);
	const branches = branchesOf(s);
	if (branches) {
		const rs = branches.map((b) => resolve(b, root));
		// a branch with no form (an expression's operator object) makes the whole value JSON text
		if (
			rs.some(isFreeObject) &&
			rs.every((b) => isFreeObject(b) || (!branchesOf(b) && !b.properties && !b.items))
		)
			return 'json';
		return 'choice';
	}
	if (s.const !== undefined) return 'const';
	if (s.enum) return 'enum';
	const t = types(s);
	if (t.includes('boolean')) return 'boolean';
	if (t.includes('integer') || t.includes('number')) return 'number';
	if (t.includes('string')) return 'string';
	if (t.includes('array')) {
		const items = s.items ? resolve(s.items, root) : undefined;
		return items?.enum && s.uniqueItems ? 'enum-set' : 'array';
	}
	if (t.includes('object') || s.properties || s.additionalProperties) {
		if (s.properties) return 'object';
		if (isObject(s.additionalProperties)) return 'map';
		return 'json';
	}
	return 'json';
}

/** The help shown for a field: its description (falling back to the title). */
export const helpOf = (schema: Schema, root: RootSchema): string | undefined => {
	const s = resolve(schema, root);
	return s.description ?? s.title;
};

/** Whether a value fits a schema's shape (type, const, enum, required keys, constant properties): enough to tell branches apart. */
export function fits(schema: Schema, value: unknown, root: RootSchema): boolean {
	const s = resolve(schema, root);
	if (s.const !== undefined) return JSON.stringify(s.const) === JSON.stringify(value);
	if (s.enum) return s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value));
	const branches = branchesOf(s);
	if (branches) return branches.some((b) => fits(b, value, root));
	const t = types(s);
	if (t.length) {
		const ok = t.some((ty) =>
			ty === 'integer'
				? Number.isInteger(value)
				: ty === 'number'
					? typeof value === 'number'
					: ty === 'array'
						? Array.isArray(value)
						: ty === 'object'
							? isObject(value)
							: ty === 'null'
								? value === null
								: typeof value === ty
		);
		if (!ok) return false;
	}
	if (isObject(value)) {
		if ((s.required ?? []).some((k) => !(k in value))) return false;
		const names = s.propertyNames ? resolve(s.propertyNames as Schema, root) : undefined;
		if (names?.enum && Object.keys(value).some((k) => !names.enum!.includes(k))) return false;
		if (typeof s.maxProperties === 'number' && Object.keys(value).length > s.maxProperties)
			return false;
		for (const [k, p] of Object.entries(s.properties ?? {})) {
			const rp = resolve(p, root);
			if (k in value && (rp.const !== undefined || rp.enum) && !fits(rp, value[k], root))
				return false;
		}
	}
	return true;
}

/** The branch of a choice a value is: the first that fits with a form of its own, else the first that fits, else 0. */
export function branchIndex(schema: Schema, value: unknown, root: RootSchema): number {
	const branches = branchesOf(resolve(schema, root)) ?? [];
	const fitting = branches
		.map((b, i) => ({ i, ok: fits(b, value, root), form: fieldKind(b, root) !== 'json' }))
		.filter((b) => b.ok);
	return (fitting.find((b) => b.form) ?? fitting[0])?.i ?? 0;
}

/** The branches of a choice, each with a label for the select. */
export function branches(schema: Schema, root: RootSchema): { schema: Schema; label: string }[] {
	return (branchesOf(resolve(schema, root)) ?? []).map((b, i) => {
		const r = resolve(b, root);
		const kind = fieldKind(b, root);
		const label =
			r.title ??
			(r.const !== undefined
				? String(r.const)
				: kind === 'map'
					? 'one per name'
					: kind === 'json'
						? 'expression'
						: (types(r)[0] ?? `option ${i + 1}`));
		return { schema: b, label };
	});
}

/** The value a new field, entry or list item starts with: what its schema requires, nothing more. */
export function initialValue(schema: Schema, root: RootSchema, depth = 0): unknown {
	const s = resolve(schema, root);
	if (s.default !== undefined) return structuredClone(s.default);
	if (s.const !== undefined) return s.const;
	if (s.enum) return s.enum[0];
	const branches = branchesOf(s);
	if (branches?.length) return depth > 8 ? null : initialValue(branches[0], root, depth + 1);
	const t = types(s);
	if (t.includes('boolean')) return false;
	if (t.includes('integer') || t.includes('number'))
		return Math.min(s.maximum ?? Infinity, Math.max(s.minimum ?? -Infinity, 0));
	if (t.includes('string')) return '';
	if (t.includes('array')) return [];
	if (t.includes('object') || s.properties) {
		const out: Record<string, unknown> = {};
		if (depth < 8)
			for (const k of s.required ?? [])
				out[k] = initialValue(s.properties?.[k] ?? {}, root, depth + 1);
		return out;
	}
	return null;
}

export interface ObjectField {
	key: string;
	schema: Schema;
	required: boolean;
}

/** An object's fields to show: the required ones and those the value has, in the schema's order. */
export function objectFields(
	schema: Schema,
	value: unknown,
	root: RootSchema
): { shown: ObjectField[]; addable: ObjectField[] } {
	const s = resolve(schema, root);
	const v = isObject(value) ? value : {};
	const req = new Set(s.required ?? []);
	const all = Object.entries(s.properties ?? {}).map(([key, p]) => ({
		key,
		schema: p,
		required: req.has(key)
	}));
	return {
		shown: all.filter((f) => f.required || f.key in v),
		addable: all.filter((f) => !f.required && !(f.key in v))
	};
}

/** The schema of a map's entries (`additionalProperties`) and of its names (`propertyNames`). */
export function mapSchemas(
	schema: Schema,
	root: RootSchema
): { value: Schema; name: Schema | undefined } {
	const s = resolve(schema, root);
	return {
		value: isObject(s.additionalProperties) ? (s.additionalProperties as Schema) : {},
		name: s.propertyNames as Schema | undefined
	};
}

/** A name not used in a map: `base`, else `base2`, `base3`, … */
export function freeName(used: readonly string[], base: string): string {
	if (!used.includes(base)) return base;
	for (let n = 2; ; n++) if (!used.includes(`${base}${n}`)) return `${base}${n}`;
}

/** A short caption for a list item or map entry: its id or name and its type, when it has them. */
export function captionOf(value: unknown): string {
	if (!isObject(value)) return '';
	return [value.id, value.name, value.type].filter((x) => typeof x === 'string' && x).join(' · ');
}

/** The pointers of every field the form shows for `value` under `schema` (`json` fields hold what lies below them). */
export function formPointers(
	schema: Schema,
	value: unknown,
	root: RootSchema,
	at: string,
	out: { pointer: string; deep: boolean }[] = [],
	depth = 0
): { pointer: string; deep: boolean }[] {
	const kind = fieldKind(schema, root);
	out.push({ pointer: at, deep: kind === 'json' });
	if (depth > 64) return out;
	if (kind === 'choice') {
		const b = branchesOf(resolve(schema, root))![branchIndex(schema, value, root)];
		out.pop();
		formPointers(b, value, root, at, out, depth + 1);
	} else if (kind === 'object') {
		for (const f of objectFields(schema, value, root).shown)
			formPointers(
				f.schema,
				isObject(value) ? value[f.key] : undefined,
				root,
				at + join(f.key),
				out,
				depth + 1
			);
	} else if (kind === 'map' && isObject(value)) {
		const { value: vs } = mapSchemas(schema, root);
		for (const [k, v] of Object.entries(value))
			formPointers(vs, v, root, at + join(k), out, depth + 1);
	} else if (kind === 'array' && Array.isArray(value)) {
		const items = resolve(schema, root).items ?? {};
		value.forEach((v, i) => formPointers(items, v, root, at + join(i), out, depth + 1));
	}
	return out;
}

/**
 * Each problem under `at`, placed at the field it names: the field whose pointer it is, or (inside
 * an expression, or for a property not shown) the nearest field above it. Every problem is placed once.
 */
export function placeProblems(
	problems: readonly Problem[],
	fields: readonly { pointer: string; deep: boolean }[],
	at: string
): Map<string, Problem[]> {
	const byPointer = new Map<string, Problem[]>();
	const known = new Set(fields.map((f) => f.pointer));
	for (const p of problems) {
		if (p.pointer !== at && !p.pointer.startsWith(at + '/')) continue;
		let target = p.pointer;
		while (!known.has(target) && target.length > at.length)
			target = target.slice(0, target.lastIndexOf('/'));
		if (!known.has(target)) target = at;
		byPointer.set(target, [...(byPointer.get(target) ?? []), p]);
	}
	return byPointer;
}

/** Reads the JSON text of an expression field: the value, or why it is not JSON. */
export function parseJsonField(
	text: string
): { ok: true; value: unknown } | { ok: false; message: string } {
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch (e) {
		return { ok: false, message: `not JSON: ${(e as Error).message}` };
	}
}
