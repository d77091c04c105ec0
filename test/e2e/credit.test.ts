// The end view's points by expansion, in Chromium against the real server: each point counts for the
// expansion whose rule gave it — an expansion without tiles whose one rule adds 1 to every completed
// city is credited exactly what it added (the same game without it scores that much less), and the
// fan sets' note and inn bonuses are theirs, not base's; the checker's report of a fan mix credits
// by rule too, names a ruling's text, cites the rule that ends the game and says why a tile was
// placed more often than drawn. axe on the end view and the report.
import { test, expect, expectAccessible } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { putExpansion } from './helpers.ts';
import { availableExpansions } from '../../src/cli/files.ts';
import {
	apply,
	contextOf,
	creditByExpansion,
	legalMoves,
	recordOf,
	startGame,
	type Expansion,
	type GameEvent
} from '../../src/lib/engine/index.ts';
import { randomMove } from '../../src/lib/engine/random.ts';
import { resolveGame } from '../../src/lib/engine/registry.ts';
import { encodeGameLink, GAME_PARAM, type SavedGame } from '../../src/lib/sandbox/saved-game.ts';
import { PLAYER_COLOURS } from '../../src/lib/sandbox/palette.ts';

const docs = availableExpansions();
const cityBonus = JSON.parse(readFileSync('test/fixtures/city-bonus.json', 'utf8')) as Expansion;
const players = ['Ann', 'Bob'];

/** A game of random moves of these expansions (the moves depend on the seed and the legal moves only). */
function play(ids: string[], seed: number) {
	const r = resolveGame(ids, (id) => (id === cityBonus.id ? cityBonus : docs.get(id)));
	if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
	const { state, events } = startGame({ expansions: r.expansions, players, seed });
	const all: GameEvent[] = [...events];
	let rng = seed;
	while (!state.finished) {
		const [m, next] = randomMove(legalMoves(state), rng);
		rng = next;
		const res = apply(state, m, { mutate: true, quiet: true });
		if (!res.ok) throw new Error(res.refusal.message);
		all.push(...res.events);
	}
	return { state, events: all };
}

test('the end view credits each expansion with the points its rules gave', async ({ page }) => {
	test.setTimeout(240_000); // a whole game replayed in the page, on a shared machine
	putExpansion(cityBonus as unknown as { id: string });
	const fans = ['bards', 'inns-and-cathedrals'];
	const seed = 5;
	const { state, events } = play([...fans, 'city-bonus'], seed);
	const without = play(fans, seed);
	expect(without.state.log).toEqual(state.log);
	const credit = creditByExpansion(contextOf(state), events, players.length);
	const added = state.scores.map((s, p) => s - without.state.scores[p]);
	expect(added.some((n) => n > 0)).toBe(true);

	const game: SavedGame = {
		version: 1,
		setup: {
			expansions: [...fans, 'city-bonus'],
			players: players.map((name, i) => ({ name, colour: PLAYER_COLOURS[i].id })),
			seed,
			rulings: {},
			free: false
		},
		record: recordOf(state),
		at: state.log.length
	};
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto(`/sandbox?${GAME_PARAM}=${encodeGameLink(game)}`);
	const end = page.getByTestId('game-over');
	await expect(end).toBeVisible({ timeout: 30_000 });
	const table = end.getByRole('table', { name: 'Points by expansion' });
	await expect(table).toBeVisible();
	const row = async (name: string) =>
		(
			await table
				.locator('tbody tr')
				.filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
				.locator('td')
				.allTextContents()
		).map(Number);
	// the rule-only expansion: exactly what the same game without it lacks
	expect(await row('City bonus')).toEqual(added);
	// the fan sets' terms are theirs (a note's +1 a tile, an inn's), each as the engine credits it
	for (const [id, name] of [
		['bards', 'Bards'],
		['inns-and-cathedrals', 'Inns']
	])
		if (credit.some((c) => c[id])) expect(await row(name)).toEqual(credit.map((c) => c[id] ?? 0));
	const sums = await Promise.all(
		players.map(
			async (_, p) =>
				await table
					.locator('tbody tr')
					.evaluateAll(
						(rows, i) =>
							rows.reduce((a, r) => a + Number(r.querySelectorAll('td')[i]?.textContent ?? 0), 0),
						p
					)
		)
	);
	expect(sums).toEqual(state.scores);
	// the end view itself (the log of the whole game beside it: sandbox-table's fan-mix game reads it)
	await expectAccessible(page, 'the end view', '[data-testid=game-over]');
	if (process.env.CREDIT_SHOT) await page.screenshot({ path: process.env.CREDIT_SHOT });
});

test('the checker’s report: points credited by rule, rulings with their text, every tile placed without a draw explained', async ({
	page
}) => {
	test.setTimeout(240_000);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/checker');
	for (const id of [
		'bards',
		'inns-and-cathedrals',
		'inn-and-stable-owners',
		'buddo',
		'messengers-and-mayors'
	])
		await page.getByTestId(`mix-${id}`).check();
	await page.getByTestId('games').fill('20');
	await page.getByTestId('seed').fill('1');
	await page.getByTestId('policy-0').selectOption('greedy');
	await page.getByTestId('policy-1').selectOption('random');
	await page.getByTestId('run').click();
	await expect(page.getByTestId('progress-text')).toContainText(/done in/, { timeout: 200_000 });

	// each expansion credited with what its rules gave; the rows sum to every point of the run's seats
	const credit = page.getByTestId('credit');
	await expect(credit.locator('tbody tr')).toHaveCount(6);
	for (const name of ['Bards', 'Inns & Cathedrals', 'Inn and Stable Owners', 'Messengers'])
		await expect(credit.locator('tbody tr', { hasText: name })).toHaveCount(1);
	const points = (await credit.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number);
	const means = (
		await page.getByTestId('seats').locator('tbody tr td:nth-child(3)').allTextContents()
	).map((t) => parseFloat(t));
	expect(points.reduce((a, b) => a + b, 0)).toBeCloseTo(means.reduce((a, b) => a + b, 0) * 20, 0);
	await expect(page.getByTestId('advice-credit')).toContainText(
		/Bards of Carcassonne -?[\d.]+ \[95 % CI/
	);

	// no rule the rules table shows cited is listed as never applied (the end of the game: MM-END-1)
	const rules = page.getByTestId('rules');
	const cited = await rules.locator('tbody tr td:first-child').allTextContents();
	expect(cited).toContain('MM-END-1');
	const never = page.getByTestId('finding-rules-never-applied').locator('code');
	for (const id of await never.allTextContents()) expect(cited).not.toContain(id);
	// a ruling cited by id reads as a ruling: what it decides and the option in force
	await expect(rules.locator('tr', { hasText: 'MM-R1' }).locator('td').nth(3)).toContainText(
		/^Ruling: .+ In this run: /
	);
	// placed more often than drawn, and why: the start tile and the town halls, by the rules that placed them
	await expect(page.getByTestId('tiles').locator('tr', { hasText: 'base/D' })).toContainText(
		'(BASE-1.1.1)'
	);
	await expect(page.getByTestId('undrawn-note')).toContainText('MM-TURN-3');
	await expectAccessible(page, '/checker with a report');
	if (process.env.CREDIT_SHOT) {
		await credit.scrollIntoViewIfNeeded();
		await page.screenshot({ path: process.env.CREDIT_SHOT.replace(/\.png$/, '-checker.png') });
		await page.getByTestId('undrawn-note').scrollIntoViewIfNeeded();
		await page.screenshot({ path: process.env.CREDIT_SHOT.replace(/\.png$/, '-tiles.png') });
	}
});
