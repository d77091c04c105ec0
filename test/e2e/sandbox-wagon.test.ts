// Abbey & Mayor's wagon in the sandbox: a loaded game stops at the wagon's move-on step (data rules,
// expansions/abbey-and-mayor.json moveOn); the board offers the features within reach, and the one
// chosen takes the wagon, as the CLI's replay of scenario AM-R4-around-wagon-moves-to-a-tile-around.
import { test, expect } from './fixtures.ts';
import { chooseTarget, legalShown, stepKind } from './sandbox-driver.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test("the wagon's move-on step: its targets on the board, the chosen one takes the wagon", async ({
	page
}, info) => {
	const scenario = JSON.parse(
		readFileSync('scenarios/AM-R4-around-wagon-moves-to-a-tile-around.json', 'utf8')
	);
	// the game up to the wagon's move: its road scored, the step open
	const record = { ...scenario.game, moves: scenario.game.moves.slice(0, -1) };
	const file = join(mkdtempSync(join(tmpdir(), 'sandbox-wagon-')), 'wagon.json');
	writeFileSync(file, JSON.stringify(record));
	await page.goto('/sandbox');
	await page.getByLabel('Load a game record').setInputFiles(file);
	await expect(page.getByTestId('status')).toContainText('Loaded a game of 4 moves');
	expect(await stepKind(page)).toBe('move-on');
	await expect(page.getByTestId('score-1')).toHaveText('3');
	// the features within reach, and passing
	const legal = await legalShown(page);
	expect(legal.filter((m) => m.type === 'move-on')).toHaveLength(4);
	expect(legal.some((m) => m.type === 'pass')).toBe(true);
	// the step, its pass and the supply in the document's words (the wagon, Abbey & Mayor's "Mayor")
	await expect(page.locator('.turn')).toContainText(
		'Bob must move the wagon on, or leave it in supply.'
	);
	const pass = page.locator('.moves li').filter({ hasText: 'Pass (keep the wagon in supply)' });
	await expect(pass.locator('.help')).toHaveText('Leave the wagon in supply.');
	await expect(page.locator('.supply')).toContainText('Mayor 1');
	await expect(page.locator('.supply')).not.toContainText('Am-mayor');
	await page.screenshot({ path: info.outputPath('wagon-move-on-step.png') });
	await chooseTarget(page, { type: 'move-on', x: 0, y: 0, feature: 'c1' });
	const texts = await page.locator('.log .ev .text').allTextContents();
	expect(texts).toContain("Bob's wagon moves on to city c1 of (0,0).");
	// the game ends: the start's city scores 1 for the wagon
	await expect(page.getByTestId('score-1')).toHaveText('4');
});
