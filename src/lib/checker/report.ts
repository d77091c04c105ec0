// The checker's report: the merged aggregate (aggregate.ts) read against what the mix puts in play
// (catalog.ts: tiles, feature kinds, rules, rulings, figures, choices) for the findings of what never
// happened, with the statistics and their confidence intervals. Pure.
import { botSpecText } from '../bots/index.ts';
import { noTileStats, type Aggregate, type Finding, type TileStats } from './aggregate.ts';
import { catalogOf, type Catalog } from './catalog.ts';
import { seatPolicy, type CheckerConfig } from './run.ts';
import { Z95, wilson } from '../stats.ts';

export interface Interval {
	value: number;
	low: number;
	high: number;
}

export interface Report {
	expansions: string[];
	players: string[];
	policies: string[];
	rulings: Record<string, string>;
	seed: number;
	games: number;
	placements: number;
	moves: number;
	/** Games whose replay and undo/redo were checked. */
	sampled: number;
	violations: Finding[];
	/** Every finding counted per invariant (only the first few of each kept with a record). */
	violationCounts: Record<string, number>;
	/** The mix's rules: id → text and module (findings and tables name rules by id). */
	ruleBook: Record<string, { text: string; module: string; expansion?: string }>;
	/** The rulings in play, each with what it decides, the rules it decides on and (newer reports) its option in force. */
	rulingBook: {
		id: string;
		description: string;
		rules: string[];
		option?: string;
		optionText?: string;
	}[];
	findings: {
		/** Tiles in play (in the piles, on the board or held) never placed. */
		tilesNeverPlaced: {
			tile: string;
			drawn: number;
			discarded: number;
			setAside: number;
			firstDiscard?: { game: number; step: number };
		}[];
		/** Tiles of the mix's documents that its rules leave in the box (river tiles without The River). */
		tilesLeftOut: string[];
		/** Tiles drawn when they fitted nowhere; share: of the tile's draws; firstDiscard: the first game and move where it happened. */
		tilesDiscarded: {
			tile: string;
			discarded: number;
			share: number;
			firstDiscard: { game: number; step: number };
		}[];
		/** Kinds that complete and score at once, on tiles in play, never completed. */
		featuresNeverCompleted: string[];
		/** Rules an event could cite in this mix that none did. */
		rulesNeverFired: string[];
		/** Rules of the mix no event can cite here (statements, rules cited only by refusals, other mixes' or rulings'). */
		rulesUncited: string[];
		/** Rulings that no event named, nor any rule they decide on, though one of those rules can be cited in this mix. */
		rulingsNeverFired: string[];
		choicesNeverAvailable: string[];
		/** Figures never put on the board, with the choice that would have (deploy:<figure> or a move of their own). */
		figuresNeverDeployed: string[];
	};
	stats: {
		/** Per tile; completedPerPlacement: features completed per placement (a tile may complete several: not a share). */
		tiles: ({ tile: string; expansion: string; name: string } & TileStats & {
				completedPerPlacement: number;
				averagePoints: number;
				/** Placements without a draw, by the first rule the placement cited (the start tile's, a town hall's); absent in older reports. */
				placedWithoutDraw?: Record<string, number>;
			})[];
		/** share: of all points awarded (feature scorings and other events). */
		features: {
			kind: string;
			scored: number;
			completed: number;
			final: number;
			points: number;
			share: number;
		}[];
		/** Points on each expansion's tiles — share: of the points of feature scorings, each scoring's points shared by its tiles' expansions. */
		expansions: { expansion: string; points: number; share: number }[];
		/** Per expansion: the points a game its tiles' features scored (the same sharing), with its interval. */
		expansionPoints: Record<string, Interval>;
		/**
		 * Points by expansion, credited by rule: each term of every score to the expansion whose rule
		 * gave it (a rule that zeroes a feature is credited the points it took, negative); `share` of
		 * all points, `perGame` with its interval. Absent in reports saved before it was counted.
		 */
		credit?: {
			expansion: string;
			name: string;
			points: number;
			share: number;
			perGame: Interval;
		}[];
		/** Points per rule id, the same terms (absent in older reports). */
		rulePoints?: Record<string, number>;
		/** Every point scored in the run: the seats' final scores summed over the games. */
		totalPoints?: number;
		otherPoints: Record<string, number>;
		rules: Record<string, number>;
		/** available: steps it was offered at; chosen: times it was taken. */
		choices: { choice: string; available: number; chosen: number }[];
		/** Figures put on the board per kind (by deploy, or by a move of their own: note tokens, owners). */
		figures: Record<string, number>;
		seats: {
			seat: number;
			player: string;
			policy: string;
			mean: number;
			sd: number;
			ci: Interval;
			winShare: Interval;
			histogram: Record<string, number>;
		}[];
		/** Seat 1's score minus the others' mean, and seat 1's share of wins against an even 1/players. */
		firstPlayer: { lead: Interval; winShare: Interval; even: number; significant: boolean };
		length: {
			mean: number;
			sd: number;
			min: number;
			max: number;
			histogram: Record<string, number>;
		};
	};
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

function meanSd(n: number, s: number, sq: number): { mean: number; sd: number } {
	if (n === 0) return { mean: 0, sd: 0 };
	const mean = s / n;
	const v = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : 0;
	return { mean, sd: Math.sqrt(v) };
}

function meanInterval(n: number, s: number, sq: number): Interval {
	const { mean, sd } = meanSd(n, s, sq);
	const h = n > 1 ? (Z95 * sd) / Math.sqrt(n) : 0;
	return { value: round(mean), low: round(mean - h), high: round(mean + h) };
}

/** A proportion with its 95 % Wilson score interval, rounded (all 0 when n is 0). */
export function proportion(k: number, n: number): Interval {
	if (n === 0) return { value: 0, low: 0, high: 0 };
	const [low, high] = wilson(k, n);
	return { value: round(k / n), low: round(low), high: round(high) };
}

const sortKeys = <T>(r: Record<string, T>): Record<string, T> =>
	Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const numericKeys = (r: Record<string, number>) =>
	Object.fromEntries(Object.entries(r).sort(([a], [b]) => Number(a) - Number(b)));

export function finalize(
	cfg: CheckerConfig,
	agg: Aggregate,
	catalog: Catalog = catalogOf(cfg)
): Report {
	const policies = cfg.players.map((_, p) => botSpecText(seatPolicy(cfg, p)));
	const tileRows = tileRowsOf(agg, catalog);
	const figures = figuresPut(agg, catalog);
	return {
		expansions: [...cfg.expansions.map((e) => e.id), ...(cfg.modules ?? [])],
		players: cfg.players,
		policies,
		rulings: cfg.rulings ?? {},
		seed: cfg.seed,
		games: agg.games,
		placements: agg.placements,
		moves: agg.moves,
		sampled: agg.sampled,
		ruleBook: catalog.ruleBook,
		rulingBook: catalog.rulings,
		violations: agg.findings,
		violationCounts: sortKeys(agg.findingCounts),
		findings: findingsOf(agg, catalog, tileRows, figures),
		stats: statsOf(cfg, agg, catalog, tileRows, figures, policies)
	};
}

type TileRows = ReturnType<typeof tileRowsOf>;

/** Every tile of the catalog with what the games did with it. */
function tileRowsOf(agg: Aggregate, catalog: Catalog) {
	return Object.entries(catalog.tiles).map(([tile, info]) => {
		const t = agg.tiles[tile] ?? noTileStats();
		return {
			tile,
			expansion: info.expansion,
			name: info.name,
			...t,
			points: round(t.points, 2),
			completedPerPlacement: t.placed ? round(t.completed / t.placed) : 0,
			averagePoints: t.scored ? round(t.points / t.scored, 2) : 0,
			placedWithoutDraw: sortKeys(agg.undrawn[tile] ?? {})
		};
	});
}

/** Figures put on the board per kind. */
function figuresPut(agg: Aggregate, catalog: Catalog): Record<string, number> {
	// a figure with a move of its own is put on the board each time that move is taken
	const figures: Record<string, number> = { ...agg.figures };
	for (const f of catalog.figures)
		if (!f.choice.startsWith('deploy:') && agg.choices[f.choice]?.chosen)
			figures[f.figure] = agg.choices[f.choice].chosen;
	return figures;
}

/** What never happened in the games: tiles, features, rules, rulings, choices, figures. */
function findingsOf(
	agg: Aggregate,
	catalog: Catalog,
	tileRows: TileRows,
	figures: Record<string, number>
): Report['findings'] {
	const inPlay = (tile: string) => catalog.tiles[tile].inPlay;
	const citable = new Set(catalog.rules);
	return {
		tilesNeverPlaced: tileRows
			.filter((t) => t.placed === 0 && inPlay(t.tile))
			.map((t) => ({
				tile: t.tile,
				drawn: t.drawn,
				discarded: t.discarded,
				setAside: t.setAside,
				...(agg.firstDiscard[t.tile] ? { firstDiscard: agg.firstDiscard[t.tile] } : {})
			})),
		tilesLeftOut: tileRows.filter((t) => t.placed === 0 && !inPlay(t.tile)).map((t) => t.tile),
		tilesDiscarded: tileRows
			.filter((t) => t.discarded > 0)
			.map((t) => ({
				tile: t.tile,
				discarded: t.discarded,
				share: round(t.discarded / Math.max(1, t.drawn)),
				firstDiscard: agg.firstDiscard[t.tile]
			}))
			.sort((a, b) => b.share - a.share || (a.tile < b.tile ? -1 : 1)),
		featuresNeverCompleted: catalog.featureKinds.filter((k) => !agg.features[k]?.completed),
		rulesNeverFired: catalog.rules.filter((r) => !agg.rules[r]),
		rulesUncited: catalog.uncited.filter((r) => !agg.rules[r]),
		// a ruling never cited by an event and none of whose rules ever applied never mattered in these games
		// only rulings that could: one of their rules can be cited in this mix
		rulingsNeverFired: catalog.rulings
			.filter(
				(r) =>
					!agg.rules[r.id] &&
					!r.rules.some((id) => agg.rules[id]) &&
					r.rules.some((id) => citable.has(id))
			)
			.map((r) => r.id),
		choicesNeverAvailable: catalog.choices.filter((c) => !agg.choices[c]?.available),
		figuresNeverDeployed: catalog.figures.filter((f) => !figures[f.figure]).map((f) => f.figure)
	};
}

/** The run's statistics: tiles, features, expansions, credit, rules, choices, figures, then seats and length. */
function statsOf(
	cfg: CheckerConfig,
	agg: Aggregate,
	catalog: Catalog,
	tileRows: TileRows,
	figures: Record<string, number>,
	policies: string[]
): Report['stats'] {
	const n = agg.games;
	const featurePoints = Object.values(agg.features).reduce((a, f) => a + f.points, 0);
	const otherPoints = Object.values(agg.otherPoints).reduce((a, b) => a + b, 0);
	const allPoints = featurePoints + otherPoints;
	const expPoints = Object.values(agg.expansions).reduce((a, b) => a + b, 0);
	return {
		tiles: tileRows,
		features: Object.entries(sortKeys(agg.features)).map(([kind, f]) => ({
			kind,
			...f,
			points: round(f.points, 2),
			share: allPoints ? round(f.points / allPoints) : 0
		})),
		expansions: cfg.expansions.map((e) => ({
			expansion: e.id,
			points: round(agg.expansions[e.id] ?? 0, 2),
			share: expPoints ? round((agg.expansions[e.id] ?? 0) / expPoints) : 0
		})),
		expansionPoints: Object.fromEntries(
			cfg.expansions.map((e) => [
				e.id,
				meanInterval(n, agg.expansions[e.id] ?? 0, agg.expansionSq[e.id] ?? 0)
			])
		),
		credit: creditRows(cfg, agg, catalog),
		rulePoints: sortKeys(agg.rulePoints),
		totalPoints: agg.seats.sum.reduce((a, b) => a + b, 0),
		otherPoints: sortKeys(agg.otherPoints),
		rules: sortKeys(agg.rules),
		choices: Object.entries(sortKeys(agg.choices)).map(([choice, c]) => ({ choice, ...c })),
		figures: sortKeys(figures),
		...seatStats(cfg, agg, policies)
	};
}

/** Each seat's scores and wins, the first player's edge, and the games' length. */
function seatStats(
	cfg: CheckerConfig,
	agg: Aggregate,
	policies: string[]
): Pick<Report['stats'], 'seats' | 'firstPlayer' | 'length'> {
	const n = agg.games;
	const even = cfg.players.length ? 1 / cfg.players.length : 0;
	const firstWins = proportion(agg.seats.wins[0] ?? 0, n);
	const lead = meanInterval(n, agg.lead.sum, agg.lead.sumSq);
	const len = meanSd(n, agg.length.sum, agg.length.sumSq);
	return {
		seats: cfg.players.map((player, p) => {
			const { mean, sd } = meanSd(n, agg.seats.sum[p], agg.seats.sumSq[p]);
			return {
				seat: p + 1,
				player,
				policy: policies[p],
				mean: round(mean, 2),
				sd: round(sd, 2),
				ci: meanInterval(n, agg.seats.sum[p], agg.seats.sumSq[p]),
				winShare: proportion(agg.seats.wins[p], n),
				histogram: numericKeys(agg.seats.hist[p])
			};
		}),
		firstPlayer: {
			lead,
			winShare: firstWins,
			even: round(even),
			significant: cfg.players.length > 1 && (lead.low > 0 || lead.high < 0)
		},
		length: {
			mean: round(len.mean, 2),
			sd: round(len.sd, 2),
			min: n ? agg.length.min : 0,
			max: agg.length.max,
			histogram: numericKeys(agg.length.hist)
		}
	};
}

/** The points each expansion's rules gave: the mix's expansions in order, then any other source credited. */
function creditRows(
	cfg: CheckerConfig,
	agg: Aggregate,
	catalog: Catalog
): NonNullable<Report['stats']['credit']> {
	const n = agg.games;
	const names = new Map<string, string>(catalog.sources);
	for (const e of cfg.expansions) names.set(e.id, e.name ?? e.id);
	const ids = [...new Set([...cfg.expansions.map((e) => e.id), ...Object.keys(agg.credit)])];
	const all = Object.values(agg.credit).reduce((a, b) => a + b, 0);
	return ids.map((id) => ({
		expansion: id,
		name: names.get(id) ?? id,
		points: round(agg.credit[id] ?? 0, 2),
		share: all ? round((agg.credit[id] ?? 0) / all) : 0,
		perGame: meanInterval(n, agg.credit[id] ?? 0, agg.creditSq[id] ?? 0)
	}));
}
