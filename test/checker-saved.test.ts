// The checker report file: what is saved opens again with its label; a file that is not a report says why.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { availableExpansions } from '../src/cli/files.ts';
import { simulate } from '../src/lib/checker/index.ts';
import {
	readReportFile,
	reportFile,
	reportLabel,
	REPORT_FORMAT
} from '../src/lib/checker/saved.ts';
import { adviceOf, summaryOf, textSummary } from '../src/lib/checker/advice.ts';
import { citedText, creditRows, ruleRows, undrawnRules } from '../src/lib/checker/report-rows.ts';

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

describe('a report saved before points were credited by rule', () => {
	// saved by the lab before `credit`, `rulePoints`, tiles' `placedWithoutDraw` and rulings' options
	const file = readFileSync('test/fixtures/checker-report-before-credit.json', 'utf8');
	const opened = readReportFile(file, 'old.json');
	test('opens, and its tables show the points on each expansion’s tiles, saying the rest is not in it', () => {
		if ('error' in opened) throw new Error(opened.error);
		const old = opened.report;
		expect(old.stats.credit).toBeUndefined();
		const rows = creditRows(old);
		expect(rows.map((r) => r.expansion)).toEqual(old.stats.expansions.map((e) => e.expansion));
		expect(rows.every((r) => r.points === undefined && typeof r.tilePoints === 'number')).toBe(
			true
		);
		expect(summaryOf(old, adviceOf(old)).creditText).toMatch(/^Not in this report/);
		expect(ruleRows(old).every((r) => r.points === undefined)).toBe(true);
		expect(undrawnRules(old)).toEqual([]);
		expect(textSummary(old)).toContain('share of feature points on each expansion’s tiles');
		// a ruling cited by id reads as a ruling, without the option a newer report names
		const ruling = old.rulingBook[0];
		expect(citedText(old, ruling.id)).toBe(`Ruling: ${ruling.description}`);
	});
	test('a new report credits by rule and names the ruling in force', () => {
		expect(creditRows(report).map((r) => [r.expansion, r.points])).toEqual([
			['base', report.stats.totalPoints]
		]);
		const ruling = report.rulingBook.find((r) => r.id === 'BASE-R2')!;
		expect(citedText(report, 'BASE-R2')).toBe(
			`Ruling: ${ruling.description} In this run: ${ruling.optionText}.`
		);
	});
	test('a ruling a rule plays under its own id (MM-R1) reads as the ruling in force', () => {
		const mm = availableExpansions().get('messengers-and-mayors')!;
		const r = simulate({
			expansions: [base, mm],
			players: ['A', 'B'],
			games: 1,
			seed: 4,
			checkMoves: false,
			sample: 0
		});
		expect(r.ruleBook['MM-R1']).toBeDefined();
		expect(citedText(r, 'MM-R1')).toMatch(/^Ruling: .+ In this run: every player with a follower/);
	});
});
