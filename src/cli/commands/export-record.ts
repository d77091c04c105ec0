// carcassonne-lab export-record <game.json> [--format jcz] [--out file]: a game record (or a
// scenario's game) as a JCloisterZone saved game.
import { writeFileSync } from 'node:fs';
import type { CommandContext } from '../command.ts';
import { jczFromRecord, setupFromRecord } from '../../lib/engine/index.ts';
import { expansionErrors, lookupExpansion, readRecordJson } from '../engine-io.ts';
import { parseOptions } from '../args.ts';

const usage = `usage: carcassonne-lab export-record <game.json> [--format jcz] [--out file.jcz] [--json]

Writes a game record (schemas/game-record.v1.json; a scenario file: its game) as a JCloisterZone
saved game (.jcz, the only format): the record is replayed and each move becomes JCZ's message.
The record's tiles must be ones JCZ knows: the shipped sets' (their jcz ids), or a designer's set
through its JCloisterZone add-on (carcassonne-lab export <id> --format jcz), installed in JCZ first.
A record with a draw order ends JCZ's pack where its pile ends (gameAnnotations.endTurn).
Prints the .jcz (or writes it to --out); warnings (what JCZ plays otherwise) go to stderr.
Exit 1 when a move has no JCZ message (a figure JCZ lacks, a module's own move) or the record is invalid.
--json prints { "format": "jcz", "text": "...", "warnings": [...] }.`;

export const command = {
	summary: 'write a game record as a JCloisterZone saved game (.jcz)',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const parsed = parseOptions(
			ctx.args,
			{ format: { type: 'string' }, out: { type: 'string' } },
			true
		);
		if (
			'error' in parsed ||
			parsed.positionals.length !== 1 ||
			(parsed.values.format ?? 'jcz') !== 'jcz'
		) {
			ctx.stderr(
				'error' in parsed
					? `${parsed.error}\n\n${usage}`
					: parsed.values.format && parsed.values.format !== 'jcz'
						? `unknown format '${parsed.values.format}' (formats: jcz)\n\n${usage}`
						: usage
			);
			return 2;
		}
		const files = parsed.positionals;
		const out = parsed.values.out;
		const { record: rec, errors } = readRecordJson(files[0]);
		if (!rec) {
			for (const e of errors) ctx.stderr(e);
			return 1;
		}
		const { setup } = setupFromRecord(rec, lookupExpansion);
		const invalid = setup ? expansionErrors(setup.expansions) : [];
		if (invalid.length) {
			for (const e of invalid) ctx.stderr(`${files[0]}: ${e}`);
			return 1;
		}
		const r = jczFromRecord(rec, lookupExpansion);
		const warnings = r.warnings.map((w) => `${files[0]}:${w.pointer || '/'}: ${w.message}`);
		if (!r.ok) {
			for (const e of r.errors) ctx.stderr(`${files[0]}:${e.pointer || '/'}: ${e.message}`);
			return 1;
		}
		if (ctx.json) ctx.stdout(JSON.stringify({ format: 'jcz', text: r.text, warnings }, null, 2));
		else {
			for (const w of warnings) ctx.stderr(`warning: ${w}`);
			if (out) writeFileSync(out, r.text);
			else ctx.stdout(r.text);
		}
		return 0;
	}
};
