// The docs' sandbox pictures at a laptop's 1280×800: a fan-mix game (Inns & Cathedrals, Bards, Inn and
// Stable Owners, Buddo, Messengers & Mayors) of three bots at turn 40, fitted, with the log in view;
// and its end view.
// Usage: npm start (or any running server), then
//   node scripts/sandbox-screenshots.js [http://127.0.0.1:3000] [docs/images]
// Chromium from CHROMIUM_PATH or /usr/bin/chromium, as the browser tests use.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? 'docs/images';
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--headless', '--no-sandbox', '--disable-gpu']
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (m) => m.type() === 'error' && console.error('console error:', m.text()));
await page.goto(
	`${base}/sandbox?x=inns-and-cathedrals,bards,inn-and-stable-owners,buddo,messengers-and-mayors&p=Ann~blue~greedy,Bob~orange~greedy,Cid~green~mcts:easy&seed=3`
);
await page.locator('.board canvas').first().waitFor();
await page.getByLabel('Bot speed').selectOption('instant');
await page.waitForFunction(
	() => Number(/Turn (\d+)/.exec(document.querySelector('.turn')?.textContent ?? '')?.[1]) >= 40,
	null,
	{ timeout: 300_000 }
);
await page.getByRole('button', { name: 'Pause bots' }).click();
await page.getByRole('button', { name: 'Fit' }).click();
await page.waitForTimeout(800);
const entries = await page.evaluate(() => {
	const box = document.querySelector('.log ol').getBoundingClientRect();
	return [...document.querySelectorAll('.log ol > li')].filter((li) => {
		const r = li.getBoundingClientRect();
		return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
	}).length;
});
console.log(`log entries in view: ${entries}`);
await page.screenshot({ path: `${out}/sandbox.png` });
await page.getByRole('button', { name: 'Resume bots' }).click();
await page.waitForFunction(
	() => document.querySelector('.turn')?.textContent?.includes('Game over.'),
	null,
	{ timeout: 300_000 }
);
await page.waitForTimeout(3000);
await page.screenshot({ path: `${out}/end-view.png` });
await browser.close();
