// Bots in the sandbox, in Chromium against the real server: one person against two bots plays a
// whole game (the bots think in a Web Worker), the person asks for a hint, the log shows what each
// bot weighed, and the saved record replays with the CLI to the same scores.
import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, hook, openSandbox, placeByClicking, watchConsole } from './sandbox-driver.ts';

test('one person against two bots: a whole game, a hint, the bots’ alternatives in the log, the record replays to the same scores', async ({ page }) => {
	test.setTimeout(300_000);
	const errors = watchConsole(page);
	await openSandbox(page, 'x=base&seed=5&p=Ann~blue,Bob~orange~greedy,Cid~green~mcts:easy');
	const mover = () => page.evaluate(() => {
		const s = (window as any).__sandbox.session.state;
		return s.finished ? -1 : (s.pending[0].player as number);
	});
	let turns = 0;
	let hinted = false;
	for (let guard = 0; guard < 2000; guard++) {
		// the bots play their seats on their own; wait for the person's step or the end
		await expect.poll(mover, { timeout: 60_000 }).not.toBeGreaterThan(0);
		if ((await mover()) === -1) break;
		const kind = await hook.step(page);
		const legal = await hook.legal(page);
		if (kind === 'place') {
			if (!hinted && turns === 3) {
				await page.getByRole('button', { name: 'Hint' }).click();
				const hints = page.getByTestId('hints').getByRole('listitem');
				await expect(hints).toHaveCount(2, { timeout: 60_000 });
				await expect(hints.first()).toContainText(/greedy would Place at \(-?\d+,-?\d+\), rotation \d/);
				await expect(hints.nth(1)).toContainText(/mcts:medium would Place at .* simulations, win \d+ %/);
				hinted = true;
			}
			await placeByClicking(page, legal[0]);
			turns++;
		} else {
			const before = await hook.at(page);
			await page.locator('.moves button').first().click();
			await expect.poll(() => hook.at(page)).toBeGreaterThan(before);
		}
	}
	await expect(page.getByText('Game over.', { exact: true })).toBeVisible();
	expect(hinted).toBe(true);
	expect(turns).toBeGreaterThan(15);
	// the bots' moves carry what they weighed (greedy: values; MCTS: simulations and win rates)
	const notes = page.getByTestId('bot-note');
	expect(await notes.count()).toBeGreaterThan(30);
	await expect(notes.filter({ hasText: /Bob \(greedy\)/ }).filter({ hasText: /value -?\d/ }).first()).toBeAttached();
	await expect(notes.filter({ hasText: /Cid \(mcts:easy\)/ }).filter({ hasText: /simulations, win \d+ %/ }).first()).toBeAttached();

	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Save record' }).click();
	const file = join(mkdtempSync(join(tmpdir(), 'sandbox-bots-')), 'game.json');
	await (await download).saveAs(file);
	const record = JSON.parse(readFileSync(file, 'utf8'));
	expect(record.players).toEqual(['Ann', 'Bob', 'Cid']);
	const replayed = JSON.parse(cli(['replay', file, '--json']));
	expect(replayed.finished).toBe(true);
	const onScreen = await Promise.all([0, 1, 2].map(async (i) => Number(await page.getByTestId(`score-${i}`).textContent())));
	expect(onScreen).toEqual([replayed.scores.Ann, replayed.scores.Bob, replayed.scores.Cid]);
	expect(errors).toEqual([]);
	console.log(`person vs greedy vs mcts:easy: ${turns} turns by the person, scores ${onScreen.join(':')}`);
});
