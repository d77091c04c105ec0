// Migrations of expansion documents between format versions (`formatVersion`; absent means 1), keyed
// by the version they start from. The resolver (resolve.ts) and the validator apply them to every
// document they read, so the CLI, the API, the editor and the sandbox all play an older document
// with the rules it was written for. Pure; a document is never executed, only rewritten as data.
import type { Expansion } from './schema-types.ts';

/** The version documents are written in now. */
export const FORMAT_VERSION = 2;

type Lookup = (id: string) => Expansion | undefined;

export interface Migration {
	/** The version it reads; it writes `from + 1`. */
	from: number;
	/** Its name, listed in what `migrateExpansion` returns. */
	name: string;
	/** What it does, in one sentence. */
	description: string;
	/** Rewrites a copy of the document (`doc` is already a copy); `lookup` finds the other documents. False: nothing to change. */
	apply(doc: Record<string, unknown>, lookup: Lookup): boolean;
}

/**
 * In format 1 an expansion's `rules` named a TypeScript rule module; in format 2 these modules'
 * rules are written as data in the shipped document of the same id (`true`: a TypeScript module of
 * that id still plays the placement steps; `false`: none is left).
 */
const RULES_NOW_DATA: Record<string, boolean> = {
	'inns-and-cathedrals': false,
	buddo: false,
	bards: false,
	'inn-and-stable-owners': false,
	'messengers-and-mayors': false,
	festival: false,
	dragon: true,
	'king-and-robber': false
};

/**
 * Modules whose rules went into another shipped document's data and that did nothing without it:
 * the abbey held Abbey & Mayor's own abbey tile only (its key `abbey-and-mayor/abbey`), so a
 * format-1 `rules: "abbey"` played the abbeys exactly when that document was in the game, and still
 * does without `rules` (which is dropped).
 */
const RULES_FOLDED: Record<string, string> = { abbey: 'abbey-and-mayor' };

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** Does `doc` reach `target` through its dependencies (transitively)? */
function reaches(doc: Record<string, unknown>, target: string, lookup: Lookup): boolean {
	const seen = new Set<string>();
	const todo = Array.isArray(doc.dependencies) ? [...doc.dependencies] : [];
	while (todo.length) {
		const id = todo.pop();
		if (typeof id !== 'string' || seen.has(id)) continue;
		if (id === target) return true;
		seen.add(id);
		const d = lookup(id);
		if (d && Array.isArray(d.dependencies)) todo.push(...d.dependencies);
	}
	return false;
}

/**
 * The copied steps with their held tiles found in the document: a held-tile step holds its tile of
 * that id, or else the document's tile that fits anything and holds nothing (the town hall the
 * module found so); without one the step is left out, as the module then held nothing.
 */
function heldTilesOf(doc: Record<string, unknown>, steps: unknown[]): unknown[] {
	const tiles = (Array.isArray(doc.tiles) ? doc.tiles : []).filter(isObject);
	const hall = tiles.find(
		(t) => t.wildcard === true && Array.isArray(t.features) && t.features.length === 0
	);
	return steps.flatMap((s) => {
		if (!isObject(s) || s.type !== 'held-tile' || tiles.some((t) => t.id === s.tile)) return [s];
		return hall ? [{ ...s, tile: hall.id }] : [];
	});
}

export const MIGRATIONS: readonly Migration[] = [
	{
		from: 1,
		name: 'rules-written-as-data',
		description:
			"A `rules` naming inns-and-cathedrals, buddo, bards, inn-and-stable-owners, messengers-and-mayors, festival, dragon (its princess) or king-and-robber played that module's TypeScript rules; they are data in that expansion's document now: its dataRules (and the figure and modifier declarations and rulings they name) are copied into the document, unless it reaches that document through its dependencies; `rules` is dropped where no TypeScript module of that id is left. A `rules` naming abbey (whose abbeys were Abbey & Mayor's own tile, in play with that document only) is dropped.",
		apply(doc, lookup) {
			const id = doc.rules;
			if (
				typeof id === 'string' &&
				Object.hasOwn(RULES_FOLDED, id) &&
				doc.id !== RULES_FOLDED[id]
			) {
				delete doc.rules;
				return true;
			}
			if (typeof id !== 'string' || !Object.hasOwn(RULES_NOW_DATA, id) || id === doc.id)
				return false;
			if (reaches(doc, id, lookup)) {
				// its rules come with the dependency already: only a `rules` naming no module is left to drop
				if (RULES_NOW_DATA[id]) return false;
				delete doc.rules;
				return true;
			}
			const src = lookup(id);
			if (!src?.dataRules) return false; // nothing to copy: the validator reports the document as it is
			const own = isObject(doc.dataRules) ? doc.dataRules : {};
			const rules: Record<string, unknown> = {};
			for (const k of ['rulings', 'modifiers', 'parameters', 'figures', 'onlyWhen'] as const) {
				const merged = { ...(src.dataRules[k] ?? {}), ...(isObject(own[k]) ? own[k] : {}) };
				if (Object.keys(merged).length) rules[k] = merged;
			}
			// the document's own rules keep their places (and pointers); the copied ones follow
			rules.rules = [
				...(Array.isArray(own.rules) ? own.rules : []),
				...(src.dataRules.rules ?? [])
			];
			// its moves (data steps) and where its rules play, with the tokens the steps put down
			for (const k of ['steps', 'before'] as const) {
				const list = [
					...(Array.isArray(own[k]) ? own[k] : []),
					...((src.dataRules[k] as unknown[] | undefined) ?? [])
				];
				if (list.length) rules[k] = k === 'before' ? [...new Set(list)] : list;
			}
			if (Array.isArray(rules.steps)) rules.steps = heldTilesOf(doc, rules.steps);
			if (src.dataRules.last === true || own.last === true) rules.last = true;
			doc.dataRules = rules;
			const tokens = Array.isArray(doc.tokens) ? [...doc.tokens] : [];
			for (const t of src.dataRules.steps?.length ? (src.tokens ?? []) : [])
				if (!tokens.some((x) => isObject(x) && x.id === t.id)) tokens.push(t);
			if (tokens.length) doc.tokens = tokens;
			const figures = Array.isArray(doc.figures) ? [...doc.figures] : [];
			for (const f of src.figures ?? [])
				if (!figures.some((x) => isObject(x) && x.id === f.id)) figures.push(f);
			if (figures.length) doc.figures = figures;
			if (src.modifiers)
				doc.modifiers = { ...src.modifiers, ...(isObject(doc.modifiers) ? doc.modifiers : {}) };
			if (!RULES_NOW_DATA[id]) delete doc.rules;
			return true;
		}
	}
];

/** Per document: its migrated form and the documents the migrations looked up for it (id → what was found). */
const migrated = new WeakMap<
	object,
	{ result: { doc: Expansion; applied: string[] }; seen: Map<string, Expansion | undefined> }
>();

/**
 * The document as the current format reads it and the names of the migrations that changed it. A
 * document no migration changes is returned as it is (the same object, its content hash unchanged);
 * a version this code does not know (above FORMAT_VERSION, or not a whole number) too: the validator
 * reports it at /formatVersion. The answer is kept per document while `lookup` finds the same
 * documents it found before (another library may give another answer).
 */
export function migrateExpansion(
	doc: Expansion,
	lookup: Lookup
): { doc: Expansion; applied: string[] } {
	if (!isObject(doc)) return { doc, applied: [] };
	const v = doc.formatVersion ?? 1;
	if (v === FORMAT_VERSION || !Number.isInteger(v) || v > FORMAT_VERSION || v < 1)
		return { doc, applied: [] };
	const known = migrated.get(doc);
	if (known && [...known.seen].every(([id, d]) => lookup(id) === d)) return known.result;
	const seen = new Map<string, Expansion | undefined>();
	const recording: Lookup = (id) => {
		const d = lookup(id);
		seen.set(id, d);
		return d;
	};
	const copy = structuredClone(doc) as unknown as Record<string, unknown>;
	const applied: string[] = [];
	for (let at = v; at < FORMAT_VERSION; at++) {
		const m = MIGRATIONS.find((x) => x.from === at);
		if (!m) break;
		if (m.apply(copy, recording)) applied.push(m.name);
	}
	if (applied.length) copy.formatVersion = FORMAT_VERSION;
	const result = { doc: applied.length ? (copy as unknown as Expansion) : doc, applied };
	migrated.set(doc, { result, seen });
	return result;
}
