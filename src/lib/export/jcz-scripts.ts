// The expansion's data rules as JCloisterZone's scripted modifiers, where they can be: a
// `<modifier type="+|any|all" selector="city[wine]"><scoring>…</scoring></modifier>` in the tile
// XML, the modifier written on the tiles' features as an attribute (`<city wine="1">`), and a
// scoring script generated from the value rules that read it. Everything else (figures, awards,
// collect and majority rules, effects and variables JCZ's script cannot see) is listed as dropped,
// with its rule id.
//
// How JCloisterZone evaluates a scoring (facts read in farin/JCloisterZone, TilePackBuilder,
// TileBuilder, ModifiedFeature, City, Road, Monastery, Field): the script is the body of a
// JavaScript function, run by GraalJS with globals `tiles` and `completed` (city, road; a
// monastery's `tiles` is the 9 tiles around it, itself included) or `cities` and `castles` (a
// field: its completed cities), and one global per modifier the feature carries, named as in its
// selector (`pennants`, `wine`, …). It returns a list of `{ name, count, points }` items added to
// the feature's points. It runs only on a feature that carries its modifier. Types: `+` (whole
// numbers added when features join), `any`, `all` (booleans); none takes the largest.
import type { DataRule, Expansion } from '../formats/schema-types.ts';
import { JCZ_ATTRIBUTES, JCZ_CLIENT_FIGURES } from '../formats/jcz-vocabulary.ts';
import { jczStepNotes } from './jcz-steps.ts';

/** The feature kinds a JCZ modifier selector may name (TileBuilder reads modifiers on these). */
const JCZ_KINDS = ['city', 'road', 'monastery', 'field'] as const;
type JczKind = (typeof JCZ_KINDS)[number];
const JCZ_TYPE: Record<string, string | undefined> = { sum: '+', any: 'any', all: 'all' };
/** Globals JCZ binds (or JavaScript reserves) that a modifier's name must not shadow. */
const TAKEN = new Set([
	'tiles',
	'completed',
	'cities',
	'castles',
	'globalThis',
	'Math',
	'undefined',
	'NaN',
	'Infinity',
	'items',
	'm',
	'b'
]);

export interface JczModifier {
	/** `+`, `any` or `all`. */
	type: string;
	/** `<kind>[<name>]`. */
	selector: string;
	kind: JczKind;
	name: string;
	/** The scoring script (a function body). */
	script: string;
	/** The rule ids the script carries. */
	rules: string[];
}

export interface JczDataRules {
	modifiers: JczModifier[];
	/** Feature kind → modifier name → how its value is written as an attribute. */
	attributes: Map<string, Map<string, 'int' | 'bool'>>;
	notes: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

class Unsupported extends Error {}

/** An expression as JavaScript for JCZ's script on a feature of `kind`; throws Unsupported naming what JCZ cannot see. */
function js(
	e: unknown,
	kind: JczKind,
	ctx: { modifiers: Map<string, 'int' | 'bool'>; param: (n: string) => number | undefined }
): string {
	if (typeof e === 'number') {
		if (!Number.isFinite(e)) throw new Unsupported('a number that is not finite');
		return String(e);
	}
	if (typeof e === 'boolean') return String(e);
	if (!isObj(e)) throw new Unsupported('an expression that is not one');
	const op = Object.keys(e)[0];
	const arg = e[op];
	if (op === 'var') {
		const name = String(arg);
		const city = kind === 'city' || kind === 'road' || kind === 'monastery';
		if (name === 'tiles' && (kind === 'city' || kind === 'road')) return 'tiles';
		if (name === 'tiles' && kind === 'monastery') return '1';
		if (name === 'neighbours' && kind === 'monastery') return '(tiles - 1)';
		if (name === 'pennants' && kind === 'city') return 'm("pennants")';
		if (name === 'cities' && kind === 'field') return 'cities';
		if (name === 'complete' && city) return 'completed';
		if (name === 'final' && city) return '!completed';
		if (name.startsWith('modifier.')) {
			const mod = name.slice('modifier.'.length);
			const how = ctx.modifiers.get(mod);
			if (how === 'int') return `m(${JSON.stringify(mod)})`;
			if (how === 'bool') return `(m(${JSON.stringify(mod)}) > 0)`;
			throw new Unsupported(`modifier '${mod}', which is not written on ${kind}s in the add-on`);
		}
		if (name.startsWith('param.')) {
			const v = ctx.param(name.slice('param.'.length));
			if (v !== undefined) return `(${v})`;
		}
		throw new Unsupported(
			`the variable '${name}', which JCloisterZone's script on a ${kind} cannot see`
		);
	}
	const args = (Array.isArray(arg) ? arg : [arg]).map((a) => js(a, kind, ctx));
	switch (op) {
		case '+':
			return `b(${args.join(' + ')})`;
		case '-':
			return args.length === 1 ? `b(-${args[0]})` : `b(${args[0]} - ${args[1]})`;
		case '*':
			return `b(${args.join(' * ')})`;
		case 'max':
		case 'min':
			return `Math.${op}(${args.join(', ')})`;
		case '>':
		case '>=':
		case '<':
		case '<=':
			return `(${args[0]} ${op} ${args[1]})`;
		case '==':
			return `(${args[0]} === ${args[1]})`;
		case '!=':
			return `(${args[0]} !== ${args[1]})`;
		case 'and':
			return `(${args.join(' && ')})`;
		case 'or':
			return `(${args.join(' || ')})`;
		case '!':
			return `!${args[0]}`;
		case 'if':
			return `(${args[0]} ? ${args[1]} : ${args[2]})`;
	}
	throw new Unsupported(`the operator '${op}'`);
}

/** The modifier a rule's points vanish without (its condition needs it, or its amount is a multiple of it), if any. */
function anchorOf(
	rule: DataRule,
	amounts: unknown[],
	readable: Map<string, 'int' | 'bool'>
): string | undefined {
	const needs = (c: unknown): string[] => {
		if (!isObj(c)) return [];
		const [op] = Object.keys(c);
		const a = c[op];
		const mod = (x: unknown) =>
			isObj(x) && typeof x.var === 'string' && x.var.startsWith('modifier.')
				? x.var.slice('modifier.'.length)
				: undefined;
		if (op === 'var') return mod(c) && readable.get(mod(c)!) === 'bool' ? [mod(c)!] : [];
		if (op === 'and' && Array.isArray(a)) return a.flatMap(needs);
		if (!Array.isArray(a) || a.length !== 2) return [];
		const [l, r] = a;
		// modifier > 0, modifier >= 1, modifier != 0, 0 < modifier
		if ((op === '>' && r === 0) || (op === '>=' && r === 1) || (op === '!=' && r === 0))
			return mod(l) ? [mod(l)!] : [];
		if ((op === '<' && l === 0) || (op === '<=' && l === 1)) return mod(r) ? [mod(r)!] : [];
		return [];
	};
	const factor = (e: unknown): string[] => {
		if (!isObj(e)) return [];
		if (typeof e.var === 'string' && e.var.startsWith('modifier.'))
			return [e.var.slice('modifier.'.length)];
		if (Array.isArray(e['*'])) return (e['*'] as unknown[]).flatMap(factor);
		return [];
	};
	const candidates = [...needs(rule.when), ...amounts.flatMap(factor)];
	return candidates.find((c) => readable.has(c));
}

/** The scoring item a value rule adds, as JavaScript, or why JCZ cannot carry it. */
function itemOf(
	rule: DataRule,
	kind: JczKind,
	ctx: Parameters<typeof js>[2]
): { amounts: unknown[]; item: string } | string {
	const e = rule.effect ?? {};
	const name = JSON.stringify(rule.id);
	if (e.perTile !== undefined) {
		if (kind === 'field')
			return "perTile on a field (JCloisterZone gives a field's script no tile count)";
		return {
			amounts: [e.perTile],
			item: `{ name: ${name}, count: tiles, points: b(tiles * ${js(e.perTile, kind, ctx)}) }`
		};
	}
	if (e.perPennant !== undefined)
		return {
			amounts: [e.perPennant],
			item: `{ name: ${name}, count: m("pennants"), points: b(m("pennants") * ${js(e.perPennant, kind, ctx)}) }`
		};
	if (e.perCity !== undefined)
		return {
			amounts: [e.perCity],
			item: `{ name: ${name}, count: cities, points: b(cities * ${js(e.perCity, kind, ctx)}) }`
		};
	if (e.add !== undefined)
		return {
			amounts: [e.add.count, e.add.per],
			item: `{ name: ${name}, count: ${js(e.add.count, kind, ctx)}, points: b(${js(e.add.count, kind, ctx)} * ${js(e.add.per, kind, ctx)}) }`
		};
	for (const k of ['setPerTile', 'setPerPennant', 'setPerCity', 'multiply', 'zero'] as const)
		if (e[k] !== undefined)
			return `its effect ${k} (a JCloisterZone script can only add points to the feature's, not change them)`;
	return 'it only marks the value (no points to add)';
}

/** The condition under which a value rule applies, as JavaScript (its `at` modes and its `when`). */
function conditionOf(rule: DataRule, kind: JczKind, ctx: Parameters<typeof js>[2]): string {
	const at = rule.at ?? ['complete', 'final'];
	const parts: string[] = [];
	const modes = at.filter((m) => m !== 'abbot');
	if (modes.length === 0)
		throw new Unsupported('only an abbot taken back (JCloisterZone scores no abbot this way)');
	if (kind === 'field') {
		// a field scores only at the end: JCZ binds no `completed` for it
		if (!modes.includes('final'))
			throw new Unsupported('a field scored on completion (fields score at the end)');
	} else if (modes.length === 1) parts.push(modes[0] === 'complete' ? 'completed' : '!completed');
	if (rule.when !== undefined) parts.push(js(rule.when, kind, ctx));
	return parts.length ? parts.join(' && ') : 'true';
}

/** What of the document's data rules the add-on carries, and the notes for what it drops. */
export function jczDataRules(expansion: Expansion): JczDataRules {
	const data = expansion.dataRules;
	const notes: string[] = [];
	const attributes = new Map<string, Map<string, 'int' | 'bool'>>();
	if (!data) return { modifiers: [], attributes, notes };
	// JCZ's own modifiers (the inn, the cathedral, …): written by their attributes, scored by JCZ's own rules
	const own = new Map(
		Object.values(JCZ_ATTRIBUTES).flatMap((m) =>
			Object.entries(m).map(([attr, x]) => [x.modifier, attr] as const)
		)
	);
	for (const [name, m] of Object.entries(data.modifiers ?? {})) {
		if (own.has(name)) {
			notes.push(
				`data modifier '${name}': JCloisterZone's own (attribute ${own.get(name)}), scored there by its own rules`
			);
			continue;
		}
		const type = JCZ_TYPE[m.combine];
		if (!type) {
			notes.push(
				`data modifier '${name}' (combine ${m.combine}): JCloisterZone's modifiers add (+) or are true for any or all segments, none takes the largest: dropped, with the rules that read it`
			);
			continue;
		}
		if (TAKEN.has(name) || Object.values(JCZ_ATTRIBUTES).some((m) => name in m)) {
			notes.push(
				`data modifier '${name}': its name is one JCloisterZone already gives a meaning to: dropped`
			);
			continue;
		}
		const kinds = m.features ?? JCZ_KINDS;
		for (const k of kinds) {
			if (!(JCZ_KINDS as readonly string[]).includes(k)) {
				notes.push(
					`data modifier '${name}' on ${k}s: JCloisterZone's modifiers stand on cities, roads, monasteries and fields only: dropped there`
				);
				continue;
			}
			if (!attributes.has(k)) attributes.set(k, new Map());
			attributes.get(k)!.set(name, type === '+' ? 'int' : 'bool');
		}
	}
	const param = (n: string) => {
		const v = data.parameters?.[n]
			? (expansion.parameters?.[n] ?? data.parameters[n].default)
			: expansion.parameters?.[n];
		return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
	};
	const usedParams = new Set<string>();
	const byModifier = new Map<
		string,
		{ kind: JczKind; name: string; lines: string[]; rules: string[] }
	>();
	const texts = new Map<string, string>();
	for (const r of data.rules ?? []) if (r.text && !texts.has(r.id)) texts.set(r.id, r.text);
	(data.rules ?? []).forEach((rule, i) => {
		const where = `data rule ${rule.id} (/dataRules/rules/${i}, ${rule.type})`;
		if (rule.type !== 'value') {
			const why: Record<string, string> = {
				award:
					"awards points to the owners of a figure type; JCloisterZone has no data figures and its scripts only add to a feature's points",
				wins: "gives the feature to the owners of a figure type (or of any follower there), whatever the majority; JCloisterZone's scripts only add to a feature's points",
				collect: 'hands tokens to the completer; JCloisterZone has no tokens of a data expansion',
				majority:
					"an end-of-game majority of tokens; JCloisterZone's scripts score single features only",
				text: 'a rule for the rule book (enforced by figure properties): not part of a tile add-on',
				check: `counts the tiles with the icon '${rule.icon}' at setup against the numbers expected; JCloisterZone's setup checks no tile set`,
				title: `a title ('${rule.token}') held by whoever completed the largest ${rule.feature} so far; JCloisterZone's titles are its own king and robber baron (king-and-robber), not an add-on's`
			};
			notes.push(`${where}: ${why[rule.type] ?? 'not expressible'}: dropped`);
			return;
		}
		const kind = rule.feature as JczKind | undefined;
		if (!kind || !(JCZ_KINDS as readonly string[]).includes(kind)) {
			notes.push(
				`${where}: a value of ${rule.feature ?? 'no feature'}s; JCloisterZone scripts score cities, roads, monasteries and fields only: dropped`
			);
			return;
		}
		const readable = attributes.get(kind) ?? new Map<string, 'int' | 'bool'>();
		const ctx = {
			modifiers: readable,
			param: (n: string) => {
				const v = param(n);
				if (v !== undefined) usedParams.add(n);
				return v;
			}
		};
		try {
			const item = itemOf(rule, kind, ctx);
			if (typeof item === 'string') {
				notes.push(`${where}: ${item}: dropped`);
				return;
			}
			const anchor = anchorOf(rule, item.amounts, readable);
			if (!anchor) {
				notes.push(
					`${where}: JCloisterZone runs a scoring script only on a feature carrying its modifier, and this rule scores ${kind}s without one of this expansion's modifiers (its condition or amount must need one): dropped`
				);
				return;
			}
			const cond = conditionOf(rule, kind, ctx);
			const key = `${kind}[${anchor}]`;
			const entry = byModifier.get(key) ?? { kind, name: anchor, lines: [], rules: [] };
			const text = texts.get(rule.id);
			entry.lines.push(
				`// ${rule.id}${text ? `: ${text.replace(/[\r\n\u2028\u2029]+/g, ' ')}` : ''}`,
				`if (${cond}) items.push(${item.item});`
			);
			if (!entry.rules.includes(rule.id)) entry.rules.push(rule.id);
			byModifier.set(key, entry);
		} catch (e) {
			if (!(e instanceof Unsupported)) throw e;
			notes.push(`${where}: reads ${e.message}: dropped`);
		}
	});
	const modifiers: JczModifier[] = [];
	for (const [selector, entry] of byModifier) {
		const type = JCZ_TYPE[data.modifiers![entry.name].combine]!;
		const script = [
			// a modifier the feature does not carry is no global at all: read it as 0
			'const m = (n) => { const v = globalThis[n]; return v === undefined || v === null || v === false ? 0 : v === true ? 1 : Number(v); };',
			'const b = (x) => Math.max(-1000000, Math.min(1000000, x));',
			'const items = [];',
			...entry.lines,
			'return items;'
		].join('\n');
		modifiers.push({
			type,
			selector,
			kind: entry.kind,
			name: entry.name,
			script,
			rules: entry.rules
		});
		notes.push(
			`data rules ${entry.rules.join(', ')}: written as JCloisterZone's scripted modifier ${selector} (type ${type}), its scoring generated from the rules`
		);
	}
	// a modifier no kept rule scores is still declared, so that JCZ carries its values on the features
	// (and binds them for the other scripts): its script adds nothing
	for (const [kind, names] of attributes)
		for (const [name] of names) {
			const selector = `${kind}[${name}]`;
			if (byModifier.has(selector)) continue;
			modifiers.push({
				type: JCZ_TYPE[data.modifiers![name].combine]!,
				selector,
				kind: kind as JczKind,
				name,
				script: 'return [];',
				rules: []
			});
			notes.push(
				`data modifier '${name}' on ${kind}s: declared as JCloisterZone's modifier ${selector} so its values stay on the features; no rule of it is scored there`
			);
		}
	for (const n of usedParams)
		notes.push(
			`parameter '${n}': its value in this expansion (${param(n)}) is written into the scripts (JCloisterZone has no parameters)`
		);
	for (const [id, f] of Object.entries(data.figures ?? {})) {
		const rules = [
			...new Set([
				...(f.rules ?? []),
				...(f.strengthRules ?? []),
				...(f.denyRules ?? []),
				...(f.extraTurnRules ?? []),
				...(f.accompaniesRules ?? []),
				...(f.returnRules ?? []),
				...(f.mustBeChosen?.rules ?? []),
				...(f.drawsDragon?.rules ?? [])
			])
		];
		notes.push(
			`data figure '${id}' (${rules.join(', ') || 'no rule id'}): ` +
				(JCZ_CLIENT_FIGURES[id]
					? `its properties written as data here do not travel; in JCloisterZone it is the client's own ${JCZ_CLIENT_FIGURES[id]}, played by the client's rules`
					: 'where it stands, its strength and what it denies have no JCloisterZone equivalent: dropped')
		);
	}
	notes.push(...jczStepNotes(data.steps));
	return { modifiers, attributes, notes };
}

/** A data modifier's value as JCZ's attribute (`+`: a whole number; `any`/`all`: true), or undefined when there is nothing to write. */
export function jczAttributeValue(how: 'int' | 'bool', value: unknown): string | undefined {
	if (how === 'int') {
		const n = value === true ? 1 : typeof value === 'number' ? Math.trunc(value) : 0;
		return n !== 0 ? String(n) : undefined;
	}
	return value === true || (typeof value === 'number' && value > 0) ? 'true' : undefined;
}
