// The checker report file: what is saved opens again with its label; a file that is not a report says why.
import { describe, expect, test } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { simulate } from '../src/lib/checker/index.ts';
import {
	readReportFile,
	reportFile,
	reportLabel,
	REPORT_FORMAT
} from '../src/lib/checker/saved.ts';

const base = availableExpansions().get('base')!;
const report = simulate({
	expansions: [base],
	players: ['A', 'B'],
	games: 2,
	seed: 4,
	checkMoves: false,
	sample: 0
});

describe('a checker report saved and opened again', () => {
	test('reads back what was saved, with its label; simulate --json output opens too', () => {
		expect(readReportFile(reportFile(report, 'before the change'), 'a.json')).toEqual({
			label: 'before the change',
			report
		});
		expect(
			readReportFile(JSON.stringify({ ...report, seconds: 1, workers: 2 }), 'cli.json')
		).toMatchObject({ label: reportLabel(report), report: { games: 2, seed: 4 } });
		expect(reportLabel(report)).toBe('base · random · 2 games, seed 4');
	});
	test('names what is wrong with a file that is not a report it can show', () => {
		const err = (text: string) => (readReportFile(text, 'x.json') as { error: string }).error;
		expect(err('{"games": ')).toMatch(/^x\.json: not JSON \(/);
		expect(err('[1]')).toBe(
			'x.json: report.games is missing (a report of an older version of the lab, or not a checker report)'
		);
		expect(err('null')).toBe('x.json: not a checker report (a JSON null)');
		expect(err(JSON.stringify({ format: 'something-else', version: 1, report }))).toBe(
			`x.json: format 'something-else' is not a checker report ('${REPORT_FORMAT}')`
		);
		expect(err(JSON.stringify({ format: REPORT_FORMAT, version: 2, report }))).toBe(
			'x.json: version 2 of the report file is not known (this lab reads version 1)'
		);
		expect(err(JSON.stringify({ runs: [], comparisons: [] }))).toBe(
			"x.json: a comparison's output (several runs): save or open one report at a time"
		);
		const { ruleBook: _r, ...old } = report;
		expect(err(JSON.stringify(old))).toBe(
			'x.json: report.ruleBook is missing (a report of an older version of the lab, or not a checker report)'
		);
		expect(err(JSON.stringify({ ...report, stats: { ...report.stats, seats: 'many' } }))).toBe(
			'x.json: report.stats.seats is not what a report holds (a report of an older version of the lab, or not a checker report)'
		);
	});
});
