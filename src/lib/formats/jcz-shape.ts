// The shape of a JCloisterZone saved game (.jcz) as the import reads it: a JSON Schema (ajv,
// compiled once) of every field the import looks at, checked before anything else reads the game,
// so that the conversion (jcz-game.ts) works on typed values and every wrong type is a located
// problem. Fields the import does not read are left to JCZ (a saved game carries many). Pure.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { MAX_DRAW_ORDER, MAX_PLAYERS } from './limits.ts';
import { nestingProblem } from './nesting.ts';
import { pointer } from './problems.ts';

/** A cell [x, y] within the board's reach (game-record.v1.json: at most 16,382 cells from the start). */
export type JczPos = [number, number];
/** A feature on the board: JCZ's `pointer` (its `position`, feature class and location). */
export interface JczFeaturePointer {
	position?: JczPos;
	feature?: string;
	location?: string;
}
export interface JczPayload {
	tileId?: string;
	rotation?: string;
	position?: JczPos;
	meepleId?: string;
	pointer?: JczFeaturePointer & { meepleId?: string; featurePointer?: JczFeaturePointer };
	source?: string;
	figureId?: string;
	to?: JczPos | { featurePointer?: JczFeaturePointer };
	value?: string;
	random?: number;
}
export interface JczMessage {
	type: string;
	payload?: JczPayload;
}
/** A saved game whose fields the import reads have the types it reads them with (`checkJczShape`). */
export interface JczDoc {
	appVersion?: unknown;
	initialRandom?: unknown;
	setup: {
		sets?: Record<string, number>;
		elements?: Record<string, unknown>;
		rules?: Record<string, unknown>;
		start?: { tile: string; x?: number; y?: number; rotation?: number | string }[];
	};
	players: { name: string }[];
	replay: JczMessage[];
	gameAnnotations?: { drawOrder?: string[]; endTurn?: number };
	test?: { description?: string; assertions?: string[] };
}

const REACH = 16382;
const text = { type: 'string', maxLength: 500 };
const pos = {
	type: 'array',
	minItems: 2,
	maxItems: 2,
	items: { type: 'integer', minimum: -REACH, maximum: REACH }
};
const featurePointer = {
	type: 'object',
	properties: { position: pos, feature: text, location: text }
};
/** A message's payload by its type (the messages the import reads; others are refused by name). */
const PAYLOADS: Record<string, object> = {
	PLACE_TILE: {
		type: 'object',
		required: ['tileId', 'rotation', 'position'],
		properties: { tileId: text, rotation: text, position: pos }
	},
	DEPLOY_MEEPLE: {
		type: 'object',
		required: ['meepleId', 'pointer'],
		properties: { meepleId: text, pointer: featurePointer }
	},
	RETURN_MEEPLE: {
		type: 'object',
		properties: {
			source: text,
			pointer: {
				type: 'object',
				properties: { meepleId: text, featurePointer }
			}
		}
	},
	MOVE_NEUTRAL_FIGURE: {
		type: 'object',
		required: ['figureId'],
		properties: {
			figureId: text,
			to: {
				anyOf: [pos, { type: 'object', properties: { featurePointer } }]
			}
		}
	},
	FLOCK_EXPAND_OR_SCORE: { type: 'object', properties: { value: text } }
};

/** Messages that say nothing without their payload. */
const NEEDS_PAYLOAD = ['PLACE_TILE', 'DEPLOY_MEEPLE', 'MOVE_NEUTRAL_FIGURE'];

const schema = {
	type: 'object',
	required: ['setup', 'players', 'replay'],
	properties: {
		setup: {
			type: 'object',
			properties: {
				sets: { type: 'object', additionalProperties: { type: 'number' } },
				elements: { type: 'object' },
				rules: { type: 'object' },
				start: {
					type: 'array',
					items: {
						type: 'object',
						required: ['tile'],
						properties: {
							tile: text,
							x: { type: 'integer' },
							y: { type: 'integer' },
							rotation: { type: ['integer', 'string'] }
						}
					}
				}
			}
		},
		players: {
			type: 'array',
			minItems: 1,
			maxItems: MAX_PLAYERS,
			items: { type: 'object', required: ['name'], properties: { name: text } }
		},
		replay: {
			type: 'array',
			items: {
				type: 'object',
				required: ['type'],
				properties: { type: text, payload: { type: 'object' } },
				allOf: Object.entries(PAYLOADS).map(([type, payload]) => ({
					if: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
					then: {
						properties: { payload },
						...(NEEDS_PAYLOAD.includes(type) ? { required: ['payload'] } : {})
					}
				}))
			}
		},
		gameAnnotations: {
			type: 'object',
			properties: {
				drawOrder: { type: 'array', maxItems: MAX_DRAW_ORDER, items: text },
				endTurn: { type: 'integer', minimum: 0 }
			}
		},
		test: {
			type: 'object',
			properties: {
				description: { type: 'string' },
				assertions: { type: 'array', items: { type: 'string' } }
			}
		}
	}
};

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const check: ValidateFunction = ajv.compile(schema);

/** A problem of a saved game's shape: where (a JSON pointer) and what is wrong there. */
export interface ShapeProblem {
	pointer: string;
	message: string;
}

/** Problems listed at most (the rest counted in one more). */
export const SHOWN_PROBLEMS = 50;

function problemOf(e: ErrorObject): ShapeProblem {
	const p = e.params as Record<string, unknown>;
	switch (e.keyword) {
		case 'required':
			return {
				pointer: e.instancePath + pointer(String(p.missingProperty)),
				message: 'missing: a saved game has it here'
			};
		case 'type':
			return { pointer: e.instancePath, message: `must be ${String(p.type)}` };
		case 'maxItems':
			return {
				pointer: e.instancePath,
				message:
					e.instancePath === '/players'
						? `more than ${MAX_PLAYERS} players: a game has at most ${MAX_PLAYERS}`
						: `more than ${String(p.limit)} items`
			};
		case 'minItems':
			return { pointer: e.instancePath, message: `fewer than ${String(p.limit)} items` };
		case 'anyOf':
			return { pointer: e.instancePath, message: 'must be a position [x, y] or a featurePointer' };
		default:
			return { pointer: e.instancePath, message: e.message ?? e.keyword };
	}
}

/**
 * What is wrong with the shape of a parsed saved game ([] when the import can read it): nesting
 * too deep first (nothing else survives 10,000 nested arrays), then the schema's findings, at most
 * SHOWN_PROBLEMS of them. `if` keywords' own failures are left out (their `then` says what is wrong).
 */
export function checkJczShape(doc: unknown): ShapeProblem[] {
	const deep = nestingProblem(doc);
	if (deep) return [{ pointer: deep.pointer, message: deep.message }];
	if (check(doc)) return [];
	const seen = new Set<string>();
	const out: ShapeProblem[] = [];
	for (const e of check.errors ?? []) {
		// an `if`'s own failure says nothing (its `then` does); anyOf says it for its branches
		if (e.keyword === 'if' || e.schemaPath.includes('/anyOf/')) continue;
		const p = problemOf(e);
		const key = `${p.pointer}\u0000${p.message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push(p);
	}
	if (out.length > SHOWN_PROBLEMS) {
		const more = out.length - SHOWN_PROBLEMS;
		out.length = SHOWN_PROBLEMS;
		out.push({ pointer: '', message: `and ${more} more problems of the same kinds` });
	}
	return out;
}

/** A value a saved game wrote, for a message: short, whatever its type. */
export function shown(v: unknown): string {
	const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
	return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
