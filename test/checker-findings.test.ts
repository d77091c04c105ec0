// The checker's findings are true of the games played: for every shipped mix of up to three
// expansions (and each ruling option on the mix of all of them), a few seeded random games, and each
// finding read against the same report's own tables. What the findings call impossible in a mix
// (uncited rules, choices and figures no module offers, kinds that never complete, tiles in the box)
// must not show up in its games either: the modules' declarations (uncited, onlyWhen, deployMoves)
// are checked by the games.
import { describe, expect, it } from 'vitest';
import { availableExpansions } from '../src/cli/files.ts';
import { modulesFor, replay, setupFromRecord } from '../src/lib/engine/index.ts';
import { modulesWithoutDocument, resolveGame, rulingsFor } from '../src/lib/engine/registry.ts';
import { SCORED_WHEN_COMPLETE, type Expansion } from '../src/lib/engine/types.ts';
import {
	adviceOf,
	adviceText,
	catalogOf,
	combinations,
	recordOfGame,
	simulate,
	summaryOf,
	type CheckerConfig,
	type Report
} from '../src/lib/checker/index.ts';

const docs = availableExpansions();
const ids = [
	...[...docs.keys()].filter((k) => k !== 'base'),
	...modulesWithoutDocument([...docs.values()]).map((m) => m.id)
].sort();

function configOf(
	mix: string[],
	games: number,
	rulings: Record<string, string> = {}
): CheckerConfig {
	const r = resolveGame(['base', ...mix], (id) => docs.get(id) as Expansion | undefined);
	if (!r.ok) throw new Error(`${mix.join('+')}: ${r.errors.map((e) => e.message).join('; ')}`);
	return {
		expansions: r.expansions,
		modules: r.modules,
		players: ['A', 'B'],
		rulings,
		games,
		seed: 11,
		checkMoves: false,
		sample: 0
	};
}

/** Every way the report's findings and tables disagree, and everything its games did that its catalog calls impossible. */
function contradictions(cfg: CheckerConfig, r: Report): string[] {
	const out: string[] = [];
	const s = r.stats;
	const cat = catalogOf(cfg);
	const choice = (c: string) => s.choices.find((x) => x.choice === c);
	const tile = (t: string) => s.tiles.find((x) => x.tile === t)!;
	const f = r.findings;
	for (const t of f.tilesNeverPlaced)
		if (tile(t.tile).placed || !cat.tiles[t.tile].inPlay)
			out.push(`tile ${t.tile} never placed, but placed ${tile(t.tile).placed}`);
	for (const t of f.tilesLeftOut)
		if (tile(t).placed || tile(t).drawn) out.push(`tile ${t} left out, but drawn ${tile(t).drawn}`);
	for (const t of s.tiles)
		if (t.placed && !cat.tiles[t.tile].inPlay) out.push(`tile ${t.tile} placed but not in play`);
	for (const k of f.featuresNeverCompleted)
		if (s.features.find((x) => x.kind === k)?.completed)
			out.push(`kind ${k} never completed, but completed`);
	for (const x of s.features)
		if (x.completed && !(SCORED_WHEN_COMPLETE as readonly string[]).includes(x.kind))
			out.push(`kind ${x.kind} completed but not a completing kind`);
	for (const x of s.features)
		if (x.completed && !cat.featureKinds.includes(x.kind))
			out.push(`kind ${x.kind} completed but not in the catalog`);
	for (const id of f.rulesNeverFired)
		if (s.rules[id]) out.push(`rule ${id} never applied, but fired ${s.rules[id]}`);
	for (const id of Object.keys(s.rules))
		if (cat.uncited.includes(id))
			out.push(`rule ${id} fired ${s.rules[id]} times but is called uncited in this mix`);
	for (const id of f.rulesNeverFired)
		if (!r.ruleBook[id]) out.push(`rule ${id} never applied has no text`);
	for (const id of f.rulingsNeverFired) {
		const rules = cat.rulings.find((x) => x.id === id)!.rules;
		if (s.rules[id] || rules.some((x) => s.rules[x]))
			out.push(`ruling ${id} never mattered, but it or one of its rules fired`);
	}
	for (const c of f.choicesNeverAvailable)
		if (choice(c)?.available)
			out.push(`choice ${c} never available, but offered ${choice(c)!.available}`);
	for (const c of s.choices)
		if (!cat.choices.includes(c.choice))
			out.push(`choice ${c.choice} offered but not in the catalog`);
	for (const fig of f.figuresNeverDeployed) {
		const by = cat.figures.find((x) => x.figure === fig)!.choice;
		if (s.figures[fig] || choice(by)?.chosen)
			out.push(
				`figure ${fig} never deployed, but deployed ${s.figures[fig] ?? 0}, ${by} taken ${choice(by)?.chosen}`
			);
	}
	for (const [fig, n] of Object.entries(s.figures)) {
		const by = cat.figures.find((x) => x.figure === fig);
		if (!by) out.push(`figure ${fig} deployed ${n} but not in the catalog`);
		else if (choice(by.choice)?.chosen !== n)
			out.push(`figure ${fig} deployed ${n}, but ${by.choice} taken ${choice(by.choice)?.chosen}`);
	}
	// every share is a share of a whole (≤ 1); a tile's completions per placement is not a share
	const shares = [
		...s.features.map((x) => x.share),
		...s.expansions.map((x) => x.share),
		...f.tilesDiscarded.map((x) => x.share),
		...s.seats.map((x) => x.winShare.value)
	];
	for (const x of shares) if (!(x >= 0 && x <= 1)) out.push(`share ${x} outside [0, 1]`);
	return out;
}

describe('every finding is true of the games and consistent with the report', () => {
	const mixes = [
		[],
		...ids.map((i) => [i]),
		...combinations(ids, true).filter((c) => c.length <= 3)
	];

	it(`in every shipped mix of up to three expansions (${mixes.length} mixes, 2 random games each)`, () => {
		const bad: string[] = [];
		for (const mix of mixes) {
			const cfg = configOf(mix, 2);
			for (const c of contradictions(cfg, simulate(cfg)))
				bad.push(`${['base', ...mix].join('+')}: ${c}`);
		}
		expect(bad).toEqual([]);
	});

	it('with each ruling option on the mix of every expansion', () => {
		const all = configOf(ids, 1);
		const bad: string[] = [];
		for (const def of rulingsFor(modulesFor(all.expansions, all.modules).map((m) => m.id)))
			for (const option of Object.keys(def.options).filter((o) => o !== def.default)) {
				const cfg = { ...all, rulings: { [def.id]: option } };
				for (const c of contradictions(cfg, simulate(cfg))) bad.push(`${def.id}=${option}: ${c}`);
			}
		expect(bad).toEqual([]);
	});

	it('the issue-33 mix: no note or owner among the figures never deployed, no setup rule among the rules never applied, no field or river among the kinds never completed', () => {
		const cfg = configOf(
			['bards', 'inns-and-cathedrals', 'inn-and-stable-owners', 'buddo', 'messengers-and-mayors'],
			20
		);
		const r = simulate(cfg);
		expect(contradictions(cfg, r)).toEqual([]);
		expect(r.findings.figuresNeverDeployed).toEqual([]);
		expect(r.stats.figures.note).toBe(r.stats.choices.find((c) => c.choice === 'note')!.chosen);
		expect(r.findings.choicesNeverAvailable).not.toContain('deploy:note');
		expect(r.findings.rulesNeverFired).not.toEqual(expect.arrayContaining(['BASE-1.5.2']));
		for (const id of ['BARD-SETUP-1', 'BUDDO-SETUP-1', 'ISO-SETUP-1', 'BASE-1.5.2']) {
			expect(r.findings.rulesNeverFired).not.toContain(id);
			expect(r.findings.rulesUncited).toContain(id);
		}
		expect(r.findings.featuresNeverCompleted).not.toContain('field');
		expect(r.findings.featuresNeverCompleted).not.toContain('river');
		// the waterfall is a river tile: in the box without The River, not a tile never placed
		expect(r.findings.tilesLeftOut).toEqual(['messengers-and-mayors/waterfall']);
		expect(r.findings.tilesNeverPlaced).toEqual([]);
	});
});

describe('the advice a designer reads', () => {
	it('names each rule by its text, grades what a designer did not intend, and says what to do', () => {
		const cfg = configOf(['bards', 'messengers-and-mayors'], 6);
		const r = simulate(cfg);
		const advice = adviceOf(r);
		expect(advice.every((a) => a.meaning && a.action && a.title)).toBe(true);
		const rules = advice.find((a) => a.id === 'rules-never-applied')!;
		expect(rules.severity).toBe('note');
		for (const it of rules.items) expect(it.text).toBe(r.ruleBook[it.label].text);
		// the waterfall: a note with a link to the tile in the editor
		const box = advice.find((a) => a.id === 'tiles-left-out')!;
		expect(box.items[0].acts).toEqual([
			{
				kind: 'tile',
				tile: 'messengers-and-mayors/waterfall',
				href: '/expansions/messengers-and-mayors/tiles/waterfall'
			}
		]);
		// a violation is an error, first, with the game to open at its move
		const broken: Report = {
			...r,
			violations: [
				{
					invariant: 'figures-conserved',
					message: 'a follower vanished',
					game: 3,
					seed: 9,
					step: 40,
					record: r.violations[0]?.record ?? ({} as never)
				}
			],
			violationCounts: { 'figures-conserved': 1 }
		};
		const first = adviceOf(broken)[0];
		expect(first).toMatchObject({ severity: 'error', id: 'violation:figures-conserved' });
		expect(first.items[0].acts).toEqual([{ kind: 'game', violation: 0, step: 40 }]);
		// the summary: the mix, how often each module's rules came up, the seat advantage and the new tiles' points with their interval
		const sum = summaryOf(r);
		expect(sum.mix).toContain('bards, messengers-and-mayors; default rulings; 6 games');
		expect(sum.modules.find((m) => m.module === 'Messengers & Mayors')!.perGame).toBeGreaterThan(0);
		const mm = sum.material.find((m) => m.expansion === 'messengers-and-mayors')!;
		expect(mm.perGame.low).toBeLessThanOrEqual(mm.perGame.value);
		expect(mm.perGame.value).toBeCloseTo(
			r.stats.expansions.find((e) => e.expansion === 'messengers-and-mayors')!.points / 6,
			2
		);
		expect(adviceText(r)).toContain('What this run says');
	});
});

describe('the first game where a tile fitted nowhere', () => {
	it('is the game and move the advice opens: replayed, that move discards the tile and none before it did', () => {
		// four separate city caps: a tile that often finds no place with cities on every side
		const caps = ['N', 'E', 'S', 'W'].map((side, k) => ({
			id: `c${k + 1}`,
			type: 'city',
			sides: [side]
		}));
		const x = {
			id: 'caps',
			name: 'Caps',
			version: '1.0.0',
			dependencies: ['base'],
			tiles: [{ id: 'T', name: 'Four city caps', count: 6, features: caps }]
		} as unknown as Expansion;
		const cfg: CheckerConfig = {
			expansions: [docs.get('base')!, x],
			players: ['A', 'B'],
			games: 10,
			seed: 1,
			checkMoves: false,
			sample: 0
		};
		const r = simulate(cfg);
		const first = r.findings.tilesDiscarded.find((t) => t.tile === 'caps/T')!.firstDiscard;
		const item = adviceOf(r)
			.find((a) => a.id === 'tiles-discarded')!
			.items.find((it) => it.label === 'caps/T')!;
		expect(item.acts).toContainEqual({ kind: 'replay', ...first });
		const rec = recordOfGame(cfg, first.game);
		const { setup, moves } = setupFromRecord(rec, (id) => (id === 'caps' ? x : docs.get(id)));
		const discards = (n: number) =>
			replay(setup!, moves.slice(0, n)).events.filter(
				(e) => e.type === 'discard' && e.tile === 'caps/T'
			).length;
		expect(discards(first.step)).toBeGreaterThan(0);
		if (first.step > 0) expect(discards(first.step - 1)).toBe(0);
		// no earlier game discarded it
		if (first.game > 0)
			expect(
				simulate({ ...cfg, games: first.game }).stats.tiles.find((t) => t.tile === 'caps/T')!
					.discarded
			).toBe(0);
	});
});
