// The checker's report read for a designer: what this run says (a short summary), and each finding
// with what it means, what to do, a severity and a way to act on it (the tile in the editor, the
// game at its move in the sandbox, the ruling flipped). Pure: the page and the CLI render it.
import type { Interval, Report } from './report.ts';
import { violationTotal } from './report-rows.ts';

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** error: a violation or an engine error; warning: something a designer probably did not intend; note: coverage. */
export type Severity = 'error' | 'warning' | 'note';

/**
 * How to act on an item: open the tile in the editor; open the game of violation i at its move (its
 * record is in the report); replay game `game` of the run at move `step` (from the run's seeds); run
 * the games again with the ruling flipped.
 */
export type Act =
	| { kind: 'tile'; tile: string; href: string }
	| { kind: 'game'; violation: number; step: number }
	| { kind: 'replay'; game: number; step: number }
	| { kind: 'flip'; ruling: string };

export interface AdviceItem {
	/** What the item is: a rule id, a tile key, a figure, a game. */
	label: string;
	/** The rule's text, the tile's name, the violation's message. */
	text?: string;
	/** The numbers behind it (drawn 12, discarded 3). */
	detail?: string;
	acts?: Act[];
}

export interface Advice {
	/** Stable id of the kind of finding (tiles-never-placed, violation:figures-conserved, …). */
	id: string;
	severity: Severity;
	title: string;
	/** What it means, in the designer's words. */
	meaning: string;
	/** What to do about it. */
	action: string;
	items: AdviceItem[];
}

export interface RunSummary {
	/** One sentence each: the mix, the policies, the run. */
	mix: string;
	policies: string;
	/** Per module of the mix: how often its rules were cited, and how many of the rules an event can cite came up. */
	modules: { module: string; perGame: number; fired: number; citable: number }[];
	/** Seat 1's lead over the others' mean, with its interval, and whether it is significant. */
	seat: { text: string; lead: Interval; significant: boolean };
	/** Points a game from each expansion's tiles but base's, with its interval, and its share of the feature points. */
	material: { expansion: string; perGame: Interval; share: number }[];
	/** The sentence on the new material. */
	materialText: string;
	/** Per expansion, the points its rules gave a game (each term of a score to its rule's expansion), with the share of all points; empty for older reports. */
	credit: { expansion: string; name: string; perGame: Interval; share: number }[];
	/** The sentence on the points by rule. */
	creditText: string;
	counts: { error: number; warning: number; note: number };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
const one = (x: number) => Math.round(x * 10) / 10;
const interval = (i: Interval) => `${one(i.value)} [95 % CI ${one(i.low)}, ${one(i.high)}]`;
/** Tiles discarded at this share of their draws or more are a warning (a tile that often fits nowhere). */
const OFTEN_DISCARDED = 0.1;

/** The editor's page of a tile (its key is `<expansion>/<tile id>`). */
export const tileHref = (tile: string, expansion: string): string =>
	`/expansions/${encodeURIComponent(expansion)}/tiles/${encodeURIComponent(tile.slice(expansion.length + 1))}`;

export function summaryOf(r: Report, advice: readonly Advice[] = adviceOf(r)): RunSummary {
	const s = r.stats;
	const n = Math.max(1, r.games);
	const rulings = Object.entries(r.rulings);
	const byModule = new Map<string, { cited: number; fired: number; citable: number }>();
	const uncited = new Set(r.findings.rulesUncited);
	for (const [id, { module }] of Object.entries(r.ruleBook)) {
		const m = byModule.get(module) ?? { cited: 0, fired: 0, citable: 0 };
		byModule.set(module, m);
		if (uncited.has(id)) continue;
		m.citable++;
		if (s.rules[id]) {
			m.fired++;
			m.cited += s.rules[id];
		}
	}
	const lead = s.firstPlayer.lead;
	const fp = s.firstPlayer;
	const seatText =
		r.players.length < 2
			? 'One seat: no seat advantage to measure.'
			: `Seat 1 (${r.policies[0]}) scores ${one(Math.abs(lead.value))} points ${lead.value >= 0 ? 'more' : 'less'} than the others a game [95 % CI ${one(lead.low)}, ${one(lead.high)}] — ${fp.significant ? 'a real difference' : 'not distinguishable from none'} — and wins ${pct(fp.winShare.value)} of the games (even: ${pct(fp.even)}).` +
				(new Set(r.policies).size > 1
					? ' The seats play different policies: the difference is mostly theirs.'
					: '');
	const withTiles = new Set(s.tiles.map((t) => t.expansion));
	const material = s.expansions
		.filter((e) => e.expansion !== 'base' && withTiles.has(e.expansion))
		.map((e) => ({
			expansion: e.expansion,
			perGame: s.expansionPoints[e.expansion] ?? { value: 0, low: 0, high: 0 },
			share: e.share
		}));
	const credit = (s.credit ?? []).map(({ expansion, name, perGame, share }) => ({
		expansion,
		name,
		perGame,
		share
	}));
	const creditText = s.credit
		? `${credit.map((c) => `${c.name} ${interval(c.perGame)} a game (${pct(c.share)})`).join('; ')}.`
		: 'Not in this report (saved before points were credited by rule).';
	const materialText = material.length
		? `The new tiles scored ${material.map((m) => `${interval(m.perGame)} points a game from ${m.expansion} (${pct(m.share)} of feature points)`).join('; ')}. ` +
			(material.some((m) => m.perGame.low > 0) ? '' : 'No expansion’s tiles scored measurably. ') +
			'Against base alone: run a combination sweep.'
		: 'Base alone: no new material to measure.';
	return {
		mix: `${r.expansions.join(', ')}${rulings.length ? `; rulings ${rulings.map(([k, v]) => `${k}=${v}`).join(', ')}` : '; default rulings'}; ${r.games} games, seed ${r.seed}.`,
		policies: r.players.map((p, i) => `seat ${i + 1} ${r.policies[i]}`).join(', '),
		modules: [...byModule].map(([module, m]) => ({
			module,
			perGame: Math.round((m.cited / n) * 10) / 10,
			fired: m.fired,
			citable: m.citable
		})),
		seat: { text: seatText, lead, significant: fp.significant },
		material,
		materialText,
		credit,
		creditText,
		counts: {
			error: advice.filter((a) => a.severity === 'error').length,
			warning: advice.filter((a) => a.severity === 'warning').length,
			note: advice.filter((a) => a.severity === 'note').length
		}
	};
}

/** Every finding of the report, errors first, then warnings, then notes. */
export function adviceOf(r: Report): Advice[] {
	const tileItem = tileItemOf(r);
	const out: Advice[] = [
		...violationAdvice(r),
		...playAdvice(r, tileItem),
		...coverageAdvice(r, tileItem)
	];
	const rank: Record<Severity, number> = { error: 0, warning: 1, note: 2 };
	return out.sort((a, b) => rank[a.severity] - rank[b.severity]);
}

type TileItem = (
	tile: string,
	detail?: string,
	first?: { game: number; step: number }
) => AdviceItem;

/** A tile as an item: its name, and acts to open it in the editor and replay where it first showed. */
function tileItemOf(r: Report): TileItem {
	const tileRow = new Map(r.stats.tiles.map((t) => [t.tile, t]));
	return (tile, detail, first) => {
		const t = tileRow.get(tile);
		const acts: Act[] = [];
		if (t) acts.push({ kind: 'tile', tile, href: tileHref(tile, t.expansion) });
		if (first) acts.push({ kind: 'replay', game: first.game, step: first.step });
		return { label: tile, text: t?.name, detail, ...(acts.length ? { acts } : {}) };
	};
}

/** The errors: each invariant broken, and the engine's failures, with their games. */
function violationAdvice(r: Report): Advice[] {
	const out: Advice[] = [];
	for (const [invariant, count] of Object.entries(r.violationCounts)) {
		const kept = r.violations
			.map((v, i) => ({ v, i }))
			.filter(({ v }) => v.invariant === invariant);
		const engine = invariant === 'engine-error';
		out.push({
			id: `violation:${invariant}`,
			severity: 'error',
			title: engine
				? `The engine failed ${count} time${count > 1 ? 's' : ''}`
				: `Invariant ${invariant} broken ${count} time${count > 1 ? 's' : ''}`,
			meaning: engine
				? 'Listing, choosing or applying a move threw: the rules cannot finish these games.'
				: `A game reached a state the rules never allow (${invariant}). Every such game is reproducible from its record.`,
			action:
				'Open the game at the move where it showed, step back a move, and read the event log: the rule that last acted is the suspect. Report it with the record.',
			items: kept.map(({ v, i }) => ({
				label: `game ${v.game} at move ${v.step}`,
				text: v.message,
				detail: `seed ${v.seed}`,
				acts: [{ kind: 'game', violation: i, step: v.step }]
			}))
		});
	}
	return out;
}

/** What the games did not do as a designer meant: tiles never placed or thrown back, figures never deployed, a seat's edge. */
function playAdvice(r: Report, tileItem: TileItem): Advice[] {
	const s = r.stats;
	const f = r.findings;
	const out: Advice[] = [];
	if (f.tilesNeverPlaced.length)
		out.push({
			id: 'tiles-never-placed',
			severity: 'warning',
			title: `${f.tilesNeverPlaced.length} tile${f.tilesNeverPlaced.length > 1 ? 's' : ''} never placed in ${r.games} games`,
			meaning:
				'These tiles are in the piles but no game put one on the board: when drawn they fitted nowhere (discarded) or were never drawn.',
			action:
				'Open the tile in the editor and check its edges against the mix: a tile nothing can match is drawn and thrown back every time.',
			items: f.tilesNeverPlaced.map((t) =>
				tileItem(t.tile, `drawn ${t.drawn}, discarded ${t.discarded}`, t.firstDiscard)
			)
		});
	if (f.tilesDiscarded.length) {
		const often = f.tilesDiscarded.some((t) => t.share >= OFTEN_DISCARDED);
		out.push({
			id: 'tiles-discarded',
			severity: often ? 'warning' : 'note',
			title: `${f.tilesDiscarded.length} tile${f.tilesDiscarded.length > 1 ? 's' : ''} sometimes fitted nowhere`,
			meaning:
				'Drawn when no place on the board took them, they went back to the box (BASE-1.3.6). The share is of the tile’s draws.',
			action: `${often ? `A tile thrown back in ${pct(OFTEN_DISCARDED)} of its draws or more is hard to place: open it in the editor and check its edges.` : 'Rare discards are normal late in a game; nothing to do unless a tile of yours leads the list.'} Open the first game where it happened, at that move, to see the board it did not fit.`,
			items: f.tilesDiscarded.map((t) =>
				tileItem(
					t.tile,
					`discarded ${t.discarded} (${pct(t.share)} of its draws; first in game ${t.firstDiscard.game} after move ${t.firstDiscard.step})`,
					t.firstDiscard
				)
			)
		});
	}
	if (f.figuresNeverDeployed.length) {
		const offered = (fig: string) =>
			s.choices.find((c) => c.choice === `deploy:${fig}` || c.choice === fig);
		out.push({
			id: 'figures-never-deployed',
			severity: 'warning',
			title: `${f.figuresNeverDeployed.length === 1 ? 'A figure was' : `${f.figuresNeverDeployed.length} figures were`} never put on the board`,
			meaning:
				'No seat placed it in any game: either no tile offered a feature it may go on, or every policy preferred something else.',
			action:
				'Never offered: give it features to stand on (the figure’s feature kinds, the tiles’ features). Offered but never taken by a sensible bot (greedy): its value is too low next to a follower.',
			items: f.figuresNeverDeployed.map((fig) => ({
				label: fig,
				detail: offered(fig)?.available
					? `offered at ${offered(fig)!.available} steps, never taken`
					: 'never offered'
			}))
		});
	}
	const samePolicies = new Set(r.policies).size === 1;
	if (r.players.length > 1 && samePolicies && s.firstPlayer.significant)
		out.push({
			id: 'seat-advantage',
			severity: 'warning',
			title: `Seat 1 ${s.firstPlayer.lead.value > 0 ? 'has an edge' : 'is at a disadvantage'}`,
			meaning: `With every seat playing ${r.policies[0]}, seat 1 leads by ${interval(s.firstPlayer.lead)} points a game: more than chance explains.`,
			action:
				'Check what rewards moving first (an early town hall, a tile that scores at once); run more games to narrow the interval.',
			items: []
		});
	return out;
}

/** Coverage: tiles left out, features never completed, rules, rulings and choices that never came up. */
function coverageAdvice(r: Report, tileItem: TileItem): Advice[] {
	const f = r.findings;
	const out: Advice[] = [];
	const rule = (id: string): AdviceItem => ({
		label: id,
		text: r.ruleBook[id]?.text,
		detail: r.ruleBook[id]?.module
	});
	// a rule a ruling decides on comes up, or not, with the ruling flipped
	const rulingOf = new Map<string, string>();
	for (const { id, rules } of r.rulingBook)
		for (const x of rules) if (!rulingOf.has(x)) rulingOf.set(x, id);

	if (f.tilesLeftOut.length)
		out.push({
			id: 'tiles-left-out',
			severity: 'note',
			title: `${f.tilesLeftOut.length} tile${f.tilesLeftOut.length > 1 ? 's' : ''} left in the box by the rules`,
			meaning:
				'The mix’s rules leave these tiles out of the piles: a tile with a river plays only with The River (RIVER-3.1.3).',
			action:
				'Add The River to the mix to play them; if the tile is meant for the land, open it in the editor and take the river off.',
			items: f.tilesLeftOut.map((t) => tileItem(t))
		});
	if (f.featuresNeverCompleted.length)
		out.push({
			id: 'features-never-completed',
			severity: 'note',
			title: `Never completed: ${f.featuresNeverCompleted.join(', ')}`,
			meaning:
				'Tiles of the mix have these feature kinds, but no game completed one (they scored only at the end, if at all).',
			action: 'Run more games, or check that enough tiles can close such a feature.',
			items: []
		});
	if (f.rulesNeverFired.length)
		out.push({
			id: 'rules-never-applied',
			severity: 'note',
			title: `${f.rulesNeverFired.length} rule${f.rulesNeverFired.length > 1 ? 's' : ''} never applied`,
			meaning: `No event of ${r.games} games cited these rules, though an event can in this mix (${f.rulesUncited.length} rules that no event cites here — statements, rules checked only when a move is refused, rules of other mixes or rulings — are left out).`,
			action:
				'Rare situations need more games or a scenario that sets them up; a rule tied to a ruling comes up with the ruling flipped.',
			items: f.rulesNeverFired.map((id) => {
				const ruling = rulingOf.get(id);
				return { ...rule(id), ...(ruling ? { acts: [{ kind: 'flip' as const, ruling }] } : {}) };
			})
		});
	if (f.rulingsNeverFired.length)
		out.push({
			id: 'rulings-never-cited',
			severity: 'note',
			title: `${f.rulingsNeverFired.length} ruling${f.rulingsNeverFired.length > 1 ? 's' : ''} never came up`,
			meaning:
				'No event named the ruling or a rule it decides on, though one of them can come up in this mix.',
			action:
				'Flip it to see whether another option changes the games; if it does not, the ruling does not touch this mix.',
			items: f.rulingsNeverFired.map((id) => ({
				label: id,
				text: r.rulingBook.find((x) => x.id === id)?.description,
				acts: [{ kind: 'flip', ruling: id }]
			}))
		});
	if (f.choicesNeverAvailable.length)
		out.push({
			id: 'choices-never-available',
			severity: 'note',
			title: `${f.choicesNeverAvailable.length} choice${f.choicesNeverAvailable.length > 1 ? 's' : ''} never offered`,
			meaning: 'A module of the mix can offer these moves, but no player was ever given one.',
			action: 'Run more games, or check the tiles give the situation that offers it.',
			items: f.choicesNeverAvailable.map((c) => ({ label: c }))
		});
	return out;
}

/** The summary and the findings as text (the CLI prints them first). */
export function adviceText(r: Report): string {
	const advice = adviceOf(r);
	const sum = summaryOf(r, advice);
	const out = ['What this run says', `  ${sum.mix}`, `  policies: ${sum.policies}`];
	out.push(
		`  rules cited per game: ${sum.modules.map((m) => `${m.module} ${m.perGame} (${m.fired} of ${m.citable} rules)`).join(', ')}`
	);
	out.push(`  ${sum.seat.text}`, `  ${sum.materialText}`);
	out.push(
		`  ${sum.counts.error} errors, ${sum.counts.warning} warnings, ${sum.counts.note} notes`
	);
	for (const a of advice) {
		out.push(
			'',
			`${a.severity.toUpperCase()}: ${a.title}`,
			`  what it means: ${a.meaning}`,
			`  what to do: ${a.action}`
		);
		for (const it of a.items.slice(0, 20))
			out.push(
				`  - ${it.label}${it.text ? `: ${it.text}` : ''}${it.detail ? ` (${it.detail})` : ''}`
			);
		if (a.items.length > 20) out.push(`  … ${a.items.length - 20} more`);
	}
	return out.join('\n');
}

/** The readable summary the CLI prints without --json. */
export function textSummary(r: Report, seconds?: number): string {
	const s = r.stats;
	const out: string[] = [];
	out.push(
		`${r.games} games (${r.sampled} replayed and undone), ${r.placements} placements, ${r.moves} moves${seconds !== undefined ? ` in ${seconds} s (${Math.round(r.games / Math.max(seconds, 0.001))} games/s)` : ''}`
	);
	out.push(
		`expansions: ${r.expansions.join(', ')}; players: ${r.players.map((p, i) => `${p} (${r.policies[i]})`).join(', ')}${
			Object.keys(r.rulings).length
				? `; rulings: ${Object.entries(r.rulings)
						.map(([k, v]) => `${k}=${v}`)
						.join(', ')}`
				: ''
		}`
	);
	const total = violationTotal(r);
	out.push(
		total
			? `${total} violations and engine errors: ${Object.entries(r.violationCounts)
					.map(([k, n]) => `${k} ${n}`)
					.join(', ')}`
			: 'no invariant violations, no engine errors'
	);
	out.push('', adviceText(r));
	out.push('', 'Scores');
	for (const seat of s.seats)
		out.push(
			`  seat ${seat.seat} ${seat.player} (${seat.policy}): mean ${seat.mean} ± ${round(seat.ci.high - seat.ci.value, 2)} (sd ${seat.sd}), wins ${pct(seat.winShare.value)} [${pct(seat.winShare.low)}, ${pct(seat.winShare.high)}]`
		);
	if (r.players.length > 1)
		out.push(
			`  first player: leads by ${s.firstPlayer.lead.value} points [95 % CI ${s.firstPlayer.lead.low}, ${s.firstPlayer.lead.high}]${s.firstPlayer.significant ? ' (significant)' : ' (not significant)'}; wins ${pct(s.firstPlayer.winShare.value)} against an even ${pct(s.firstPlayer.even)}`
		);
	out.push(
		`  game length: ${s.length.mean} placements (sd ${s.length.sd}, ${s.length.min}–${s.length.max})`
	);
	out.push(
		'  share of all points by feature: ' +
			s.features.map((f) => `${f.kind} ${pct(f.share)}`).join(', ')
	);
	if (s.credit)
		out.push(
			'  points by expansion, each point to the expansion whose rule gave it: ' +
				s.credit.map((e) => `${e.expansion} ${e.points} (${pct(e.share)})`).join(', ')
		);
	out.push(
		'  share of feature points on each expansion’s tiles: ' +
			s.expansions.map((e) => `${e.expansion} ${pct(e.share)}`).join(', ')
	);
	out.push(
		'  rules fired: ' +
			Object.entries(s.rules)
				.map(([k, n]) => `${k} ${n}`)
				.join(', ')
	);
	return out.join('\n');
}
