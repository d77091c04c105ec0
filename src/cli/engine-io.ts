// Shared by the engine commands (replay, simulate, test): expansion lookup from disk and JSON files.
import { readFileSync } from 'node:fs';
import { availableExpansions } from './files.ts';
import { validCache, type ValidCache } from './valid-cache.ts';
import { nestingProblem } from '../lib/formats/nesting.ts';
import { validateExpansion } from '../lib/formats/validate.ts';
import { validateGameRecord } from '../lib/formats/validate-scenario.ts';
import { ruleRegistry, type Expansion, type GameRecord } from '../lib/engine/index.ts';
import { recordFromJcz, type JczImport, type JczProblem } from '../lib/formats/jcz-game.ts';

let cache: Map<string, Expansion> | null = null;
/** Finds an expansion by id among the shipped sets and EXPANSIONS_DIR. */
export function lookupExpansion(id: string): Expansion | undefined {
	cache ??= availableExpansions();
	return cache.get(id);
}

const verdicts = new WeakMap<Expansion, string[]>();
/** The valid documents remembered on disk (null: none; undefined: not read yet). */
let valid: ValidCache | null | undefined;
/** Errors shown of one expansion at most (`validate` lists them all). */
const SHOWN = 5;

/**
 * What the validator finds wrong with the expansions of a game, one line each (at most a few per
 * expansion); [] when every one is valid. A game is never played with rules the validator rejects.
 * A document found valid before, with the same bundle and documents, is not validated again (valid-cache.ts).
 */
export function expansionErrors(expansions: readonly Expansion[]): string[] {
	cache ??= availableExpansions();
	if (valid === undefined) valid = validCache(cache);
	const out: string[] = [];
	for (const e of expansions) {
		let lines = verdicts.get(e);
		if (!lines && valid?.has(e)) verdicts.set(e, (lines = []));
		if (!lines) {
			const errors = validateExpansion(e, { available: cache, registry: ruleRegistry }).filter(
				(p) => p.severity === 'error'
			);
			lines = errors
				.slice(0, SHOWN)
				.map((p) => `expansion '${e.id}' is invalid at ${p.pointer || '/'}: ${p.message}`);
			if (errors.length > SHOWN)
				lines.push(
					`expansion '${e.id}': ${errors.length - SHOWN} more errors (carcassonne-lab validate lists them all)`
				);
			verdicts.set(e, lines);
			if (lines.length === 0) valid?.add(e);
		}
		out.push(...lines);
	}
	return out;
}

/** Every expansion on disk (the shipped sets and EXPANSIONS_DIR). */
export function allExpansions(): Expansion[] {
	cache ??= availableExpansions();
	return [...cache.values()];
}

/** A JCloisterZone saved game (.jcz) as a game record, its warnings and errors located as `file:/pointer: message`. */
export function readJcz(file: string): {
	imported?: Extract<JczImport, { ok: true }>;
	errors: string[];
	warnings: string[];
} {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (e) {
		return { errors: [`${file}: ${e instanceof Error ? e.message : String(e)}`], warnings: [] };
	}
	const r = recordFromJcz(text, { expansions: allExpansions() });
	const where = (p: JczProblem) => `${file}:${p.pointer || '/'}: ${p.message}`;
	return r.ok
		? { imported: r, errors: [], warnings: r.warnings.map(where) }
		: { errors: r.errors.map(where), warnings: r.warnings.map(where) };
}

/** True for a file the engine commands read as a JCloisterZone saved game. */
export const isJcz = (file: string): boolean => file.toLowerCase().endsWith('.jcz');

export function readJson(file: string): { doc?: unknown; error?: string } {
	try {
		const doc: unknown = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
		const deep = nestingProblem(doc);
		return deep ? { error: `${file}:${deep.pointer.slice(0, 80)}: ${deep.message}` } : { doc };
	} catch (e) {
		return { error: `${file}: ${e instanceof Error ? e.message : String(e)}` };
	}
}

/** A game record from a JSON file: the record itself, or a scenario's game; what is wrong, located. */
export function readRecordJson(file: string): { record?: GameRecord; errors: string[] } {
	const { doc, error } = readJson(file);
	if (error) return { errors: [error] };
	return checkedRecord(doc, file);
}

/**
 * A parsed game record (or a scenario's game) checked as the engine will play it, one check for
 * every command that reads records (`replay`, `export-record`): the schema, the expansions
 * resolved, the players' names apart, its tile keys and rulings those of its rules
 * (validate-scenario.ts). The problems are `file:/pointer: message` lines, a few at most.
 */
export function checkedRecord(
	doc: unknown,
	file: string
): { record?: GameRecord; errors: string[] } {
	cache ??= availableExpansions();
	const d = doc as Record<string, unknown>;
	const scenario = d !== null && typeof d === 'object' && 'game' in d && 'expect' in d;
	const game = scenario ? d.game : doc;
	const at = scenario ? '/game' : '';
	const problems = validateGameRecord(game, {
		available: cache,
		moduleIds: ruleRegistry.moduleIds,
		registry: ruleRegistry
	});
	if (!problems.length) return { record: game as GameRecord, errors: [] };
	const errors = problems
		.slice(0, SHOWN_RECORD_PROBLEMS)
		.map((p) => `${file}:${at}${p.pointer.slice(0, 200) || (at ? '' : '/')}: ${p.message}`);
	if (problems.length > SHOWN_RECORD_PROBLEMS)
		errors.push(`${file}: ${problems.length - SHOWN_RECORD_PROBLEMS} more problems`);
	return { errors };
}
/** Problems of a record shown at most. */
const SHOWN_RECORD_PROBLEMS = 20;

/** `ID=option,ID=option` → the rulings, or what is wrong with the text. */
export function rulingPairs(text: string): Record<string, string> | string {
	const rulings: Record<string, string> = {};
	for (const pair of text.split(',').filter(Boolean)) {
		const [id, value] = pair.split('=');
		if (!id || !value) return `takes ID=option pairs separated by commas, not '${pair}'`;
		rulings[id.trim()] = value.trim();
	}
	return rulings;
}
