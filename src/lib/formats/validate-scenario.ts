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
import type { RuleRegistry } from './rule-registry.ts';

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(gameRecordSchema);
const checkScenarioSchema: ValidateFunction = ajv.compile(scenarioSchema);
const checkRecordSchema = ajv.getSchema(gameRecordSchema.$id) as ValidateFunction;

export interface ValidateScenarioOptions {
	/** The expansions a game may play, by id (or a lookup). Without it, expansions are not resolved. */
	available?: ReadonlyMap<string, Expansion> | ((id: string) => Expansion | undefined);
	/** Ids that may stand for a rule module without a document (the engine's module ids). */
	moduleIds?: readonly string[];
	/**
	 * The rule modules' registry: with it (and `available`), the game's tile keys (start, draw order)
	 * must name tiles of its expansions and its rulings options the rules in play offer, as the
	 * engine asks before it starts the game.
	 */
	registry?: RuleRegistry;
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
	const { available, moduleIds, registry } = options;
	const game = isObject(doc) ? gameOf(doc) : undefined;
	if (!isObject(game)) return [];
	const names = [
		...samePlayers(game.players as string[], at),
		...moveFieldProblems(game.moves as Record<string, unknown>[], at)
	];
	if (!available) return names;
	const named = (game.expansions as { id: string }[]).map((e) => e.id);
	const modules = (game.modules as string[] | undefined) ?? [];
	const r = resolveExpansions([...named, ...modules], available, { moduleIds });
	if (r.ok)
		return [
			...names,
			...(registry ? setupProblems(game, r.expansions, r.modules, at, registry) : [])
		];
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

/** A name given to two players: scores and explanations tell the players by name. */
function samePlayers(players: readonly string[], at: string): Problem[] {
	const first = new Map<string, number>();
	const out: Problem[] = [];
	players.forEach((name, i) => {
		const j = first.get(name);
		if (j === undefined) first.set(name, i);
		else
			out.push({
				pointer: `${at}/players/${i}`,
				message: `'${name}' is player ${j + 1}'s name too: each player needs a name of their own`,
				severity: 'error'
			});
	});
	return out;
}

/**
 * What the engine would refuse to start the game with, located: a tile key (start, draw order) that
 * names no tile of the game's expansions, a ruling's option the rules in play do not offer.
 */
function setupProblems(
	game: Record<string, unknown>,
	expansions: readonly Expansion[],
	extraModules: readonly string[],
	at: string,
	registry: RuleRegistry
): Problem[] {
	const out: Problem[] = [];
	const error = (ptr: string, message: string) =>
		out.push({ pointer: at + ptr, message, severity: 'error' });
	const keys = new Set(expansions.flatMap((e) => e.tiles.map((t) => `${e.id}/${t.id}`)));
	const ids = expansions.map((e) => e.id).join(', ');
	const tile = (key: string, ptr: string) => {
		if (!keys.has(key)) error(ptr, `tile '${key}' is not a tile of the game's expansions (${ids})`);
	};
	if (typeof game.start === 'string') tile(game.start, '/start');
	((game.drawOrder as string[] | undefined) ?? []).forEach((k, i) => tile(k, `/drawOrder/${i}`));
	const modules = new Set([
		'base',
		...extraModules,
		...expansions.flatMap((e) => registry.modulesOf(e))
	]);
	const options = new Map<string, readonly string[]>();
	for (const r of registry.rulingsFor([...modules])) options.set(r.id, Object.keys(r.options));
	for (const e of expansions)
		for (const [id, r] of Object.entries(e.dataRules?.rulings ?? {}))
			options.set(id, Object.keys(r.options));
	for (const [id, v] of Object.entries(
		(game.rulings as Record<string, string> | undefined) ?? {}
	)) {
		const offered = options.get(id);
		// a ruling of rules not in play is ignored, as the engine does
		if (offered && !offered.includes(v))
			error(
				pointer('rulings', id),
				`'${v}' is not an option of ruling ${id} (options: ${offered.join(', ')})`
			);
	}
	return out;
}

const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/**
 * A move's fields beyond its type are text or numbers (or lists of them): the moves' handlers read
 * them as such (a tile key, a rotation, a feature id), never an object.
 */
function moveFieldProblems(moves: readonly Record<string, unknown>[], at: string): Problem[] {
	const out: Problem[] = [];
	moves.forEach((m, i) => {
		for (const [k, v] of Object.entries(m))
			if (!isScalar(v) && !(Array.isArray(v) && v.every(isScalar)))
				out.push({
					pointer: `${at}/moves/${i}${pointer(k)}`,
					message: "a move's fields are text or numbers (or lists of them)",
					severity: 'error'
				});
	});
	return out;
}
