// Checks of a rules scenario document (schemas/scenario.v1.json) and of a game record
// (schemas/game-record.v1.json): the schema (ajv, compiled once), then that the game's expansions
// resolve (src/lib/formats/resolve.ts). Pure; every problem is located by a JSON pointer.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import scenarioSchema from '../../../schemas/scenario.v1.json';
import gameRecordSchema from '../../../schemas/game-record.v1.json';
import { pointer, type Problem } from './problems.ts';
import { chosenPointer, resolveExpansions } from './resolve.ts';
import { nestingProblem } from './nesting.ts';
import type { Expansion } from './schema-types.ts';

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(gameRecordSchema);
const checkScenarioSchema: ValidateFunction = ajv.compile(scenarioSchema);
const checkRecordSchema = ajv.getSchema(gameRecordSchema.$id) as ValidateFunction;

export interface ValidateScenarioOptions {
	/** The expansions a game may play, by id (or a lookup). Without it, expansions are not resolved. */
	available?: ReadonlyMap<string, Expansion> | ((id: string) => Expansion | undefined);
	/** Ids that may stand for a rule module without a document (the engine's module ids). */
	moduleIds?: readonly string[];
}

function schemaProblem(e: ErrorObject): Problem {
	const p = e.params as Record<string, unknown>;
	const at = e.instancePath;
	switch (e.keyword) {
		case 'required':
			return { pointer: at, message: `needs '${String(p.missingProperty)}'`, severity: 'error' };
		case 'additionalProperties':
			return {
				pointer: at + pointer(String(p.additionalProperty)),
				message: `unknown property '${String(p.additionalProperty)}'`,
				severity: 'error'
			};
		default:
			return { pointer: at, message: e.message ?? e.keyword, severity: 'error' };
	}
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema's findings, then the game's expansions against `available`. */
export function validateScenario(doc: unknown, options: ValidateScenarioOptions = {}): Problem[] {
	return checkGame(checkScenarioSchema, doc, (d) => d.game, '/game', options);
}

/** The same checks for a game record on its own (the sandbox's saved games). */
export function validateGameRecord(doc: unknown, options: ValidateScenarioOptions = {}): Problem[] {
	return checkGame(checkRecordSchema, doc, (d) => d, '', options);
}

function checkGame(
	check: ValidateFunction,
	doc: unknown,
	gameOf: (d: Record<string, unknown>) => unknown,
	at: string,
	options: ValidateScenarioOptions
): Problem[] {
	// ajv's error reporting throws on a value nested thousands deep
	const deep = nestingProblem(doc);
	if (deep) return [deep];
	if (!check(doc)) {
		const seen = new Set<string>();
		return (check.errors ?? []).map(schemaProblem).filter((x) => {
			const key = x.pointer + '\u0000' + x.message;
			return seen.has(key) ? false : (seen.add(key), true);
		});
	}
	const { available, moduleIds } = options;
	const game = isObject(doc) ? gameOf(doc) : undefined;
	if (!available || !isObject(game)) return [];
	const named = (game.expansions as { id: string }[]).map((e) => e.id);
	const modules = (game.modules as string[] | undefined) ?? [];
	const r = resolveExpansions([...named, ...modules], available, { moduleIds });
	if (r.ok) return [];
	const groups = [
		[`${at}/expansions`, named.length],
		[`${at}/modules`, modules.length]
	] as const;
	return r.errors.map((e) => ({
		pointer: chosenPointer(e, groups),
		message: e.message,
		severity: 'error' as const
	}));
}
