// "Save as scenario": a scenario written from a seeded random game's history passes runScenario;
// the same scenario with one expectation changed fails, so the expectations are really checked.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { availableExpansions } from '../src/cli/files.ts';
import { playRandomGame } from '../src/lib/engine/random.ts';
import { apply } from '../src/lib/engine/index.ts';
import { recordOf } from '../src/lib/engine/record.ts';
import { resolveGame } from '../src/lib/engine/registry.ts';
import { runScenario } from '../src/lib/engine/scenario.ts';
import { scenarioFromGame, type MetRefusal } from '../src/lib/engine/scenario-from-game.ts';
import type { Move } from '../src/lib/engine/types.ts';
import type { Scenario } from '../src/lib/formats/schema-types.ts';

const docs = availableExpansions();
const lookup = (id: string) => docs.get(id);
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync('schemas/game-record.v1.json', 'utf8')));
const validScenario = ajv.compile(JSON.parse(readFileSync('schemas/scenario.v1.json', 'utf8')));

/** A seeded random game in which the designer also tries moves the engine refuses, now and then. */
function playedGame(chosen: string[], seed: number, maxMoves?: number) {
	const r = resolveGame(chosen, lookup);
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	const refusals: MetRefusal[] = [];
	const tries: Record<string, Move> = {
		place: { type: 'place', x: 40, y: 40, rotation: 0 },
		figure: { type: 'deploy', figure: 'follower', feature: 'no-such-feature' }
	};
	const game = playRandomGame(
		{ expansions: r.expansions, modules: r.modules, players: ['Ann', 'Bob', 'Cy'], seed },
		{
			maxMoves,
			onMove(state) {
				const kind = state.pending[0]?.kind;
				if (state.log.length % 17 !== 3 || !tries[kind]) return;
				const res = apply(state, tries[kind]);
				if (!res.ok)
					refusals.push({
						after: state.log.length,
						move: tries[kind],
						code: res.refusal.code,
						rules: res.refusal.rules
					});
			}
		}
	);
	return { record: recordOf(game.state), refusals, finished: game.state.finished };
}

const MIXES: [string, string[], number][] = [
	['base', ['base'], 11],
	['inns & cathedrals + river + pig', ['inns-and-cathedrals', 'river', 'pig'], 12],
	['bards + inn and stable owners', ['bards', 'inn-and-stable-owners'], 13],
	['messengers & mayors + dragon', ['messengers-and-mayors', 'dragon'], 14],
	['buddo + dragon', ['buddo', 'dragon'], 15]
];

describe('scenarioFromGame', () => {
	test.each(MIXES)('%s: the written scenario passes, a changed score fails', (_, chosen, seed) => {
		const { record, refusals } = playedGame(chosen, seed);
		const sc = scenarioFromGame(record, { name: `game-${seed}`, refusals }, lookup);
		expect(validScenario(sc) ? [] : validScenario.errors).toEqual([]);
		expect(sc.expect.finished).toBe(true);
		expect(sc.expect.final).toEqual(record.result!.scores);
		expect(sc.expect.scores!.length).toBeGreaterThan(0);
		expect(sc.expect.refusals!.length).toBeGreaterThan(0);
		expect(sc.rules).toContain('BASE-1.1.1');
		expect(sc.rules).toEqual([...sc.rules].sort());
		const ok = runScenario(sc, lookup);
		expect(ok.failures).toEqual([]);
		expect(ok.passed).toBe(true);

		// every kind of expectation is checked: change one and the run fails
		const changed = (f: (s: Scenario) => void) => {
			const copy = structuredClone(sc);
			f(copy);
			return runScenario(copy, lookup);
		};
		const mid = Math.floor(sc.expect.scores!.length / 2);
		const score = changed((s) => (s.expect.scores![mid].scores[0] += 1));
		expect(score.passed).toBe(false);
		expect(score.failures.join('\n')).toContain(
			`after ${sc.expect.scores![mid].after} moves: scores`
		);
		expect(changed((s) => (s.expect.final![1] += 2)).failures.join('\n')).toContain('final scores');
		expect(changed((s) => (s.expect.refusals![0].code = 'no-such-code')).passed).toBe(false);
	});

	test('a game still running: its scores so far and finished false', () => {
		const { record, finished } = playedGame(['inns-and-cathedrals'], 21, 25);
		expect(finished).toBe(false);
		const sc = scenarioFromGame(record, { name: 'half-game', description: 'halfway' }, lookup);
		expect(sc).toMatchObject({
			name: 'half-game',
			description: 'halfway',
			expect: { finished: false }
		});
		expect(sc.expect.final).toBeUndefined();
		expect(sc.game.moves).toHaveLength(25);
		expect(runScenario(sc, lookup).failures).toEqual([]);
	});

	test('a record that does not replay is refused with the reason', () => {
		const { record } = playedGame(['base'], 3, 6);
		const broken = {
			...record,
			moves: [...record.moves.slice(0, 2), { type: 'place', x: 50, y: 50, rotation: 0 }]
		};
		expect(() => scenarioFromGame(broken as never, { name: 'x' }, lookup)).toThrow(
			/move 2 .* is illegal/
		);
		expect(() =>
			scenarioFromGame({ ...record, expansions: [{ id: 'ghost' }] }, { name: 'x' }, lookup)
		).toThrow(/'ghost' is not an available expansion/);
	});
});
