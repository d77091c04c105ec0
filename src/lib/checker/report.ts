// The checker's report: aggregates merged in chunk order, then read against what the mix puts in play
// (tiles, feature kinds, rules, rulings, figures, choices) for the findings of what never happened,
// with the statistics and their confidence intervals. Pure.
import {
	contextOf,
	startGame,
	rulingList,
	SCORED_WHEN_COMPLETE,
	type Context,
	type PlayCondition
} from '../engine/index.ts';
import { botSpecText } from '../bots/index.ts';
import {
	emptyAggregate,
	seatPolicy,
	KEEP_FINDINGS,
	type Aggregate,
	type CheckerConfig,
	type Finding,
	type TileStats
} from './run.ts';
import { Z95, wilsonInterval } from '../stats.ts';

/** Adds `b` into `a` (chunks merged in order: the same chunks give the same report). */
export function mergeInto(a: Aggregate, b: Aggregate): Aggregate {
	a.games += b.games;
	a.placements += b.placements;
	a.moves += b.moves;
	a.sampled += b.sampled;
	for (const f of b.findings)
		if (a.findings.filter((x) => x.invariant === f.invariant).length < KEEP_FINDINGS)
			a.findings.push(f);
	sum(a.findingCounts, b.findingCounts);
	for (const [k, t] of Object.entries(b.tiles)) {
		const x = (a.tiles[k] ??= {
			drawn: 0,
			placed: 0,
			discarded: 0,
			setAside: 0,
			completed: 0,
			scored: 0,
			points: 0
		});
		for (const f of Object.keys(t) as (keyof TileStats)[]) x[f] += t[f];
	}
	for (const [k, t] of Object.entries(b.features)) {
		const x = (a.features[k] ??= { scored: 0, completed: 0, final: 0, points: 0 });
		x.scored += t.scored;
		x.completed += t.completed;
		x.final += t.final;
		x.points += t.points;
	}
	sum(a.expansions, b.expansions);
	sum(a.expansionSq, b.expansionSq);
	sum(a.otherPoints, b.otherPoints);
	sum(a.rules, b.rules);
	for (const [k, c] of Object.entries(b.choices)) {
		const x = (a.choices[k] ??= { available: 0, chosen: 0 });
		x.available += c.available;
		x.chosen += c.chosen;
	}
	sum(a.figures, b.figures);
	// chunks merge in game order: the first chunk that has one holds the first game
	for (const [k, v] of Object.entries(b.firstDiscard)) a.firstDiscard[k] ??= v;
	for (let p = 0; p < a.seats.sum.length; p++) {
		a.seats.sum[p] += b.seats.sum[p];
		a.seats.sumSq[p] += b.seats.sumSq[p];
		a.seats.wins[p] += b.seats.wins[p];
		sum(a.seats.hist[p], b.seats.hist[p]);
	}
	a.lead.sum += b.lead.sum;
	a.lead.sumSq += b.lead.sumSq;
	a.length.sum += b.length.sum;
	a.length.sumSq += b.length.sumSq;
	a.length.min = Math.min(a.length.min, b.length.min);
	a.length.max = Math.max(a.length.max, b.length.max);
	sum(a.length.hist, b.length.hist);
	return a;
}

function sum(a: Record<string, number>, b: Record<string, number>): void {
	for (const [k, n] of Object.entries(b)) a[k] = (a[k] ?? 0) + n;
}

/**
 * Merges chunks as they come in, in chunk order (a chunk waits until the ones before it are in),
 * so the total never depends on which worker finished first.
 */
export class ChunkMerger {
	readonly total: Aggregate;
	#waiting = new Map<number, Aggregate>();
	#next = 0;
	constructor(players: number) {
		this.total = emptyAggregate(players);
	}
	/** Adds chunk k; returns the games merged by this call (0 while an earlier chunk is missing). */
	add(k: number, part: Aggregate): number {
		this.#waiting.set(k, part);
		let games = 0;
		for (let p = this.#waiting.get(this.#next); p; p = this.#waiting.get(this.#next)) {
			this.#waiting.delete(this.#next++);
			mergeInto(this.total, p);
			games += p.games;
		}
		return games;
	}
}

/** Merges chunk aggregates given in chunk order. */
export function mergeAll(players: number, chunks: Aggregate[]): Aggregate {
	return chunks.reduce((a, b) => mergeInto(a, b), emptyAggregate(players));
}

/** What the mix puts in play, from a started game's context: what could happen in its games. */
export interface Catalog {
	/** Tile key → its expansion and name; `inPlay` false for a tile the rules leave in the box (a river tile without The River). */
	tiles: Record<string, { expansion: string; name: string; inPlay: boolean }>;
	/** Kinds on the tiles in play that complete and score at once (fields never complete, the river never scores). */
	featureKinds: string[];
	/** Rules an event can cite in this mix (its modules in play, its ruling options in force). */
	rules: string[];
	/** Every rule of the mix's modules: its text and module (the uncited ones too). */
	ruleBook: Record<string, { text: string; module: string }>;
	/** Rules no event of this mix can cite (statements, rules cited only by refusals, rules of modules or ruling options not in play). */
	uncited: string[];
	/** Each ruling in play with what it decides and the rule ids it decides on. */
	rulings: { id: string; description: string; rules: string[] }[];
	/** Figures that can go on the board, each with the choice that puts it there (deploy:<figure>, or a move of its own). */
	figures: { figure: string; choice: string }[];
	/** Choices some module offers in this mix: move types, deploy:<figure> per deployable figure. */
	choices: string[];
}

/** Whether a module's condition holds in a rules context (every module listed in play, one of the rulings at a listed option). */
function holds(cond: PlayCondition | undefined, c: Context): boolean {
	if (!cond) return true;
	if (cond.modules && !cond.modules.every((m) => c.moduleIds.has(m))) return false;
	const rulings = Object.entries(cond.rulings ?? {});
	return !rulings.length || rulings.some(([id, options]) => options.includes(c.rulings[id]));
}

export function catalogOf(
	cfg: Pick<CheckerConfig, 'expansions' | 'modules' | 'players' | 'rulings' | 'free'>
): Catalog {
	// started in free mode: nothing drawn yet, every tile of the game still in its pile
	const { state } = startGame({
		expansions: cfg.expansions,
		modules: cfg.modules,
		players: cfg.players,
		rulings: cfg.rulings,
		free: true,
		seed: 1,
		quiet: true
	});
	const c = contextOf(state);
	// in play: in the piles, on the board from the start, or held (a town hall)
	const inPiles = new Set<number>([
		...state.bt,
		...state.piles.flatMap((p) => [...p.tiles, ...p.last])
	]);
	const tiles: Catalog['tiles'] = {};
	const kinds = new Set<string>();
	for (const t of c.tiles) {
		const inPlay = inPiles.has(t.index) || !!t.wildcard;
		tiles[t.key] = { expansion: t.expansion, name: t.def.name ?? t.id, inPlay };
		if (inPlay)
			for (const f of t.features) if (SCORED_WHEN_COMPLETE.includes(f.kind)) kinds.add(f.kind);
	}
	const ruleBook: Catalog['ruleBook'] = {};
	const rules: string[] = [];
	const uncited: string[] = [];
	const choices = new Set<string>();
	const deployMoves = new Map<string, string>();
	for (const m of c.modules) {
		for (const [id, text] of Object.entries(m.rules)) {
			if (ruleBook[id]) continue;
			ruleBook[id] = { text, module: m.name };
			(m.uncited?.includes(id) || !holds(m.onlyWhen?.[id], c) ? uncited : rules).push(id);
		}
		for (const type of Object.keys(m.moves ?? {}))
			if (type !== 'deploy' && type !== 'pick' && holds(m.onlyWhen?.[type], c)) choices.add(type);
		for (const [figure, move] of Object.entries(m.deployMoves ?? {})) deployMoves.set(figure, move);
	}
	if (cfg.free) choices.add('pick');
	const figures: Catalog['figures'] = [];
	for (const kind of new Set(state.pieces.map((p) => p.kind))) {
		const choice =
			c.figures.get(kind)?.deployable === false ? deployMoves.get(kind) : `deploy:${kind}`;
		if (!choice) continue;
		figures.push({ figure: kind, choice });
		choices.add(choice);
	}
	return {
		tiles,
		featureKinds: [...kinds].sort(),
		rules: rules.sort(),
		ruleBook,
		uncited: uncited.sort(),
		rulings: rulingList(c.modules)
			.map((r) => ({ id: r.id, description: r.description, rules: r.rules }))
			.sort((a, b) => (a.id < b.id ? -1 : 1)),
		figures: figures.sort((a, b) => (a.figure < b.figure ? -1 : 1)),
		choices: [...choices].sort()
	};
}

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
	ruleBook: Record<string, { text: string; module: string }>;
	/** The rulings in play, each with what it decides and the rules it decides on. */
	rulingBook: { id: string; description: string; rules: string[] }[];
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
		/** share: of the points of feature scorings, each scoring's points shared by its tiles' expansions. */
		expansions: { expansion: string; points: number; share: number }[];
		/** Per expansion: the points a game its tiles' features scored (the same sharing), with its interval. */
		expansionPoints: Record<string, Interval>;
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

/** Wilson score interval of a proportion. */
export function wilson(k: number, n: number): Interval {
	if (n === 0) return { value: 0, low: 0, high: 0 };
	const [low, high] = wilsonInterval(k, n);
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
	const n = agg.games;
	const policies = cfg.players.map((_, p) => botSpecText(seatPolicy(cfg, p)));
	const tileRows = Object.entries(catalog.tiles).map(([tile, info]) => {
		const t = agg.tiles[tile] ?? {
			drawn: 0,
			placed: 0,
			discarded: 0,
			setAside: 0,
			completed: 0,
			scored: 0,
			points: 0
		};
		return {
			tile,
			expansion: info.expansion,
			name: info.name,
			...t,
			points: round(t.points, 2),
			completedPerPlacement: t.placed ? round(t.completed / t.placed) : 0,
			averagePoints: t.scored ? round(t.points / t.scored, 2) : 0
		};
	});
	const inPlay = (tile: string) => catalog.tiles[tile].inPlay;
	const citable = new Set(catalog.rules);
	// a figure with a move of its own is put on the board each time that move is taken
	const figures: Record<string, number> = { ...agg.figures };
	for (const f of catalog.figures)
		if (!f.choice.startsWith('deploy:') && agg.choices[f.choice]?.chosen)
			figures[f.figure] = agg.choices[f.choice].chosen;
	const featurePoints = Object.values(agg.features).reduce((a, f) => a + f.points, 0);
	const otherPoints = Object.values(agg.otherPoints).reduce((a, b) => a + b, 0);
	const allPoints = featurePoints + otherPoints;
	const expPoints = Object.values(agg.expansions).reduce((a, b) => a + b, 0);
	const even = cfg.players.length ? 1 / cfg.players.length : 0;
	const firstWins = wilson(agg.seats.wins[0] ?? 0, n);
	const lead = meanInterval(n, agg.lead.sum, agg.lead.sumSq);
	const len = meanSd(n, agg.length.sum, agg.length.sumSq);
	return {
		expansions: [...cfg.expansions.map((e) => e.id), ...(cfg.modules ?? [])],
		players: cfg.players,
		policies,
		rulings: cfg.rulings ?? {},
		seed: cfg.seed,
		games: n,
		placements: agg.placements,
		moves: agg.moves,
		sampled: agg.sampled,
		ruleBook: catalog.ruleBook,
		rulingBook: catalog.rulings,
		violations: agg.findings,
		violationCounts: sortKeys(agg.findingCounts),
		findings: {
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
		},
		stats: {
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
			otherPoints: sortKeys(agg.otherPoints),
			rules: sortKeys(agg.rules),
			choices: Object.entries(sortKeys(agg.choices)).map(([choice, c]) => ({ choice, ...c })),
			figures: sortKeys(figures),
			seats: cfg.players.map((player, p) => {
				const { mean, sd } = meanSd(n, agg.seats.sum[p], agg.seats.sumSq[p]);
				return {
					seat: p + 1,
					player,
					policy: policies[p],
					mean: round(mean, 2),
					sd: round(sd, 2),
					ci: meanInterval(n, agg.seats.sum[p], agg.seats.sumSq[p]),
					winShare: wilson(agg.seats.wins[p], n),
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
		}
	};
}
