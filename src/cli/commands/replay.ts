// carcassonne-lab replay <game.json>: plays a game record through the engine, printing every step
// with its explanation; an illegal move exits 1 naming its index and the reason.
import type { CommandContext } from '../command.ts';
import {
	replay,
	contextOf,
	setupFromRecord,
	collectRulings,
	type GameRecord,
	type GameEvent,
	type Move
} from '../../lib/engine/index.ts';
import {
	checkedRecord,
	expansionErrors,
	isJcz,
	lookupExpansion,
	readJcz,
	readRecordJson
} from '../engine-io.ts';
import { parseOptions } from '../args.ts';

const usage = `usage: carcassonne-lab replay <game.json | game.jcz> [--json]

Plays a game record (schemas/game-record.v1.json; a scenario file plays its game; a JCloisterZone
saved game .jcz is imported first, its warnings printed) through the engine, its expansions closed over their dependencies, and prints each move with the events it caused and their explanations, then the scores.
Exit 1 when a move is illegal (its index and the reason are printed), the record is invalid or
an expansion or dependency of it is missing, cyclic or invalid (located).
--json prints { "finished": bool, "scores": { player: points }, "events": [...] }.`;

export const command = {
	summary: 'play a game record through the engine, explaining every step',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const parsed = parseOptions(ctx.args, {}, true);
		const files = 'error' in parsed ? [] : parsed.positionals;
		if (files.length !== 1) {
			ctx.stderr('error' in parsed ? `${parsed.error}\n\n${usage}` : usage);
			return 2;
		}
		let rec: GameRecord;
		if (isJcz(files[0])) {
			const { imported, errors, warnings } = readJcz(files[0]);
			for (const w of warnings) ctx.stderr(`warning: ${w}`);
			if (!imported) {
				for (const e of errors) ctx.stderr(e);
				return 1;
			}
			// the record it imports as, checked as every record is (what the import missed, located in the record)
			const checked = checkedRecord(imported.record, `${files[0]} (imported)`);
			if (!checked.record) {
				for (const e of checked.errors) ctx.stderr(e);
				return 1;
			}
			rec = checked.record;
		} else {
			const read = readRecordJson(files[0]);
			if (!read.record) {
				for (const e of read.errors) ctx.stderr(e);
				return 1;
			}
			rec = read.record;
		}
		const { setup, moves, warnings, errors } = setupFromRecord(rec, lookupExpansion);
		for (const w of warnings) ctx.stderr(`warning: ${w}`);
		const invalid = setup ? expansionErrors(setup.expansions) : errors;
		if (!setup || invalid.length) {
			for (const e of invalid) ctx.stderr(`${files[0]}: ${e}`);
			return 1;
		}
		const all: GameEvent[] = [];
		const print = (index: number, move: Move, events: GameEvent[]) => {
			all.push(...events);
			if (ctx.json) return;
			ctx.stdout(index < 0 ? 'setup' : `#${index} ${JSON.stringify(move)}`);
			for (const e of events)
				ctx.stdout(`    ${e.text ?? e.type}${e.rules.length ? `  [${e.rules.join(', ')}]` : ''}`);
		};
		let result;
		try {
			result = replay(setup, moves, { onStep: print });
		} catch (e) {
			ctx.stderr(`${files[0]}: ${e instanceof Error ? e.message : String(e)}`);
			return 1;
		}
		const { state } = result;
		const scores = Object.fromEntries(state.players.map((p, i) => [p, state.scores[i]]));
		if (result.error) {
			const { index, refusal } = result.error;
			ctx.stderr(
				`move ${index} ${JSON.stringify(moves[index])} is illegal: ${refusal.message} (${refusal.code}; ${refusal.rules.join(', ')})`
			);
			if (ctx.json)
				ctx.stdout(
					JSON.stringify(
						{ finished: false, scores, events: all, error: { index, ...refusal } },
						null,
						2
					)
				);
			return 1;
		}
		if (ctx.json)
			ctx.stdout(JSON.stringify({ finished: state.finished, scores, events: all }, null, 2));
		else {
			ctx.stdout(
				`${state.finished ? 'final' : 'current'} scores: ${state.players.map((p, i) => `${p} ${state.scores[i]}`).join(', ')}`
			);
			// the rules the explanations cite, in our words
			const c = contextOf(state);
			const rulings = collectRulings(c.modules);
			// a rule by its text; a ruling by what it decides and the option in force
			const explain = (id: string): string => {
				const r = rulings.get(id);
				if (!r) return c.ruleTexts.get(id) ?? '';
				const option = state.rulings[id];
				return `${r.description} In force: ${option} (${r.options[option] ?? ''}).`;
			};
			const ids = [...new Set(all.flatMap((e) => e.rules))].sort();
			ctx.stdout('\nrules applied:');
			for (const id of ids) ctx.stdout(`  ${id.padEnd(13)} ${explain(id)}`);
			const inForce = Object.entries(state.rulings);
			if (inForce.length) ctx.stdout(`rulings: ${inForce.map(([k, v]) => `${k}=${v}`).join(', ')}`);
		}
		return 0;
	}
};
