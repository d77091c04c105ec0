// The sandbox page's controller: which game the address names (a link's, the checker's, the one kept
// in this browser, a new one), the person's clicks and keys on the board and the panels, what the
// board and the panels show at the step, and opening records and files. The table (SandboxTable)
// holds the game and its seats; the page (src/routes/sandbox) lays this out.
import {
	contextOf,
	stepLine,
	featureParts,
	boardTileAt,
	tilesToDraw,
	type Expansion,
	type GameRecord,
	type Move,
	type ScoreEvent
} from '../engine/index.ts';
import { validateGameRecord } from '../formats/validate-scenario.ts';
import { botSpecText } from '../bots/index.ts';
import type { BoardTarget, BoardView, Part } from './board.ts';
import { CHECKER_RECORD_KEY } from './handover.ts';
import { listed, moveHelp, moveLabel, piecesAt } from './moves.ts';
import { bordering } from './places.ts';
import { colourOf } from './palette.ts';
import { placementCells, recentTiles, sceneOf } from './scene.ts';
import { finalScoring, scoreBreakdown } from './scores.ts';
import { GAME_PARAM } from './saved-game.ts';
import { setupToParams, type SandboxSetup } from './setup.ts';
import { SandboxTable } from './table.svelte.ts';
import { refusalText } from './status.ts';
import { scorePops, type ScorePop } from './score-pop.ts';

export interface PageAddress {
	/** The address bar's query now. */
	query(): string;
	/** Shows /sandbox?q (in place of the current entry when `replace`). */
	go(q: string, replace: boolean): void;
}

/** How long a scoring's note stays over the board. */
export const SCORE_NOTE_MS = 4000;

export interface MoveMenu {
	target: BoardTarget;
	x: number;
	y: number;
}

export class SandboxPage {
	readonly table: SandboxTable;
	showSetup = $state(false);
	showEnd = $state(true);
	rotation = $state(0);
	highlight = $state.raw<{ parts: Part[]; figures: Part[]; at: number } | null>(null);
	flash = $state.raw<Part[]>([]);
	animate = $state(false);
	hoverText = $state('');
	// plain data: the moves of a menu are handed to the engine (and on to the bots' worker)
	menu = $state.raw<MoveMenu | null>(null);
	saving = $state(false);
	serverGames = $state(false);
	linkCopied = $state('');
	view = $state.raw<BoardView | undefined>();
	/** The scorings of the step just played, each a note over its feature for a moment (SCORE_NOTE_MS). */
	pops = $state.raw<ScorePop[]>([]);
	#popTimer: ReturnType<typeof setTimeout> | undefined;
	/** The side panel's tab: the log, the tiles left, the legend, the rulings. */
	sideTab = $state('log');

	get session() {
		return this.table.session;
	}
	get setup() {
		return this.table.setup;
	}
	readonly colours = $derived((this.setup?.players ?? []).map((p, i) => colourOf(p.colour, i)));
	readonly gs = $derived(this.session?.state);
	readonly step = $derived(this.gs?.pending[0]);
	readonly ctx = $derived(this.gs ? contextOf(this.gs) : undefined);
	/** The tab shown: the tiles left have no tab at the end, nor in free mode's pick (they stand above the tabs, the decision at hand). */
	readonly shownTab = $derived(
		(this.gs?.finished || this.step?.kind === 'pick') && this.sideTab === 'tiles'
			? 'log'
			: this.sideTab
	);
	readonly scene = $derived.by(() => {
		const { session: s, gs, highlight: h } = this;
		if (!s || !gs) return null;
		// a highlight belongs to the step it was asked at: the timeline elsewhere drops it
		const shown = h && h.at === s.at ? h : { parts: [], figures: [] };
		const recent = recentTiles(s.steps, s.at, s.setup.players.length, (p) => !this.table.botOf(p));
		const legal = this.table.inspecting ? [] : s.legal;
		return sceneOf(gs, legal, this.rotation, this.colours, shown, recent);
	});
	readonly cells = $derived(this.session ? placementCells(this.session.legal) : new Map());
	/** The step's targets that are whole empty cells (a town hall's, an abbey's): lit squares. */
	readonly squares = $derived.by(() => {
		const gs = this.gs;
		return gs
			? (this.scene?.targets ?? []).filter((t) => !t.feature && !boardTileAt(gs, t.x, t.y))
			: [];
	});
	/** The step's moves that have no place on the board: buttons in the side panel. */
	readonly buttons = $derived.by(() => {
		const s = this.session;
		const kind = this.step?.kind;
		if (!s || kind === 'place' || kind === 'pick' || this.table.inspecting) return [];
		const targeted = new Set((this.scene?.targets ?? []).flatMap((t) => t.moves));
		return s.legal.filter((m) => !targeted.has(m));
	});
	readonly events = $derived(this.session ? this.session.events : []);
	readonly breakdown = $derived(
		this.session && this.gs
			? scoreBreakdown(this.events, this.gs.players.length, this.session.sources)
			: []
	);
	readonly finals = $derived(finalScoring(this.events));
	readonly left = $derived(this.gs ? tilesToDraw(this.gs) : []);
	/** The tiles the person may pick (free mode's pick step). */
	readonly picks = $derived(
		this.step?.kind === 'pick' && this.session
			? new Set(this.session.legal.map((m) => String((m as { tile?: unknown }).tile)))
			: null
	);
	readonly rulingDefs = $derived(
		this.ctx
			? this.ctx.modules.flatMap((m) => (m.rulings ?? []).map((r) => ({ ...r, module: m.name })))
			: []
	);
	/** The person decides the step shown (not a bot, not a look back at a bot's decision). */
	readonly yours = $derived.by(() => {
		const t = this.table;
		return !!this.step && !this.gs?.finished && !t.inspecting && !(t.live && t.botToMove);
	});
	readonly seatBots = $derived(
		(this.setup?.players ?? []).map((_, i) => {
			const b = this.table.botOf(i);
			return b ? botSpecText(b) : null;
		})
	);
	readonly checkerHref = $derived(
		this.setup ? `/checker?x=${encodeURIComponent(this.setup.expansions.join(','))}` : '/checker'
	);

	#seen = 0;

	constructor(
		available: () => ReadonlyMap<string, Expansion>,
		private storage: Storage | undefined,
		private address: PageAddress
	) {
		this.table = new SandboxTable(available, storage);
	}

	// ------------------------------------------------------------------ which game
	/** The game the address describes: a link's whole game, the checker's, the kept one, or a new one. */
	openAddress(q: URLSearchParams, wanted: SandboxSetup, problems: string[]): void {
		const table = this.table;
		const link = q.get(GAME_PARAM);
		if (link) {
			const error = table.openLink(link);
			if (error) table.startError = `The link's game cannot be opened: ${error}`;
			else this.keepAddress();
			return;
		}
		if (q.get('record') === 'checker') return this.openCheckerRecord(q.get('step'));
		if (!q.has('x')) {
			this.showSetup = true;
			return;
		}
		const query = setupToParams(wanted).toString();
		if (table.query() === query && table.session) return;
		const kept = table.savedGame();
		const keptError =
			kept && setupToParams(kept.setup).toString() === query ? table.resume(kept) : undefined;
		if (keptError === null) {
			this.showSetup = false;
			return;
		}
		this.showSetup = !table.begin(wanted, problems);
		// the kept game could not be set up again: a new game of its setup, and why
		if (keptError)
			table.startError = `The game kept in this browser cannot be opened (a new game of its setup instead): ${keptError}`;
	}

	/** The address bar names the game's setup, so a reload finds it (kept in this browser) again. */
	keepAddress(): void {
		const q = this.table.query();
		this.showSetup = false;
		if (q && q !== this.address.query()) this.address.go(q, true);
	}

	/** A new game; the setup lives in the URL: a link reproduces the game's start. */
	start(s: SandboxSetup): void {
		this.showSetup = !this.table.begin(s);
		this.showEnd = true;
		const q = setupToParams(s).toString();
		if (!this.showSetup && q !== this.address.query()) this.address.go(q, false);
	}

	resumeKept(): void {
		const kept = this.table.savedGame();
		const error = kept ? this.table.resume(kept) : 'no game is kept in this browser';
		if (error) this.table.startError = `The kept game cannot be opened: ${error}`;
		else this.keepAddress();
	}

	/** A file: a game record or a JCloisterZone saved game. */
	async openFile(file: File): Promise<void> {
		const table = this.table;
		if (/\.jcz$/i.test(file.name)) {
			table.openJcz(await file.text(), file.name);
			if (table.session && !table.loadProblem) this.keepAddress();
			return;
		}
		let record: unknown;
		try {
			record = JSON.parse(await file.text());
		} catch (err) {
			table.status = {
				text: `${file.name} is not JSON: ${err instanceof Error ? err.message : String(err)}`,
				kind: 'refusal'
			};
			return;
		}
		this.openRecord(record, file.name);
	}

	openRecord(record: unknown, name: string): void {
		const table = this.table;
		const problems = validateGameRecord(record);
		if (problems.length) {
			const where = problems.slice(0, 3).map((p) => `${p.pointer || '/'} ${p.message}`);
			table.status = {
				text: `${name} is not a game record (schemas/game-record.v1.json): ${where.join('; ')}`,
				kind: 'refusal'
			};
			return;
		}
		table.openRecord(record as GameRecord, name);
		if (table.session && !table.loadProblem) this.keepAddress();
	}

	/** The loaded record's problems accepted: its game (as far as it replays) to the table. */
	openAnyway(): void {
		const s = this.table.loadProblem?.session;
		if (!s) return;
		this.table.adopt(s, s.record());
		this.keepAddress();
	}

	openCheckerRecord(at: string | null): void {
		let record: unknown;
		try {
			record = JSON.parse(this.storage?.getItem(CHECKER_RECORD_KEY) ?? 'null');
		} catch {
			record = null;
		}
		if (!record) {
			this.table.status = {
				text: "The checker's game is no longer stored in this browser: open it again from the checker.",
				kind: 'refusal'
			};
			this.showSetup = true;
			return;
		}
		this.openRecord(record, "the checker's game");
		const n = Number(at);
		if (this.table.session && at !== null && Number.isInteger(n)) this.table.jump(n);
	}

	// ------------------------------------------------------------------ the step shown
	/** After every new step (a person's or a bot's): the tile drops in, a scoring flashes. */
	stepShown(): void {
		const s = this.session;
		if (!s) return;
		const forward = s.at === this.#seen + 1;
		this.#seen = s.at;
		if (!forward) return;
		this.animate = true;
		const scored = s.steps[s.at].events.filter(
			(e): e is ScoreEvent => e.type === 'score' && !e.final
		);
		this.flash = scored.flatMap((e) =>
			featureParts(s.state, e.feature.at.x, e.feature.at.y, e.feature.at.feature)
		);
		if (scored.length) {
			this.pops = scorePops(scored, s.state.players);
			clearTimeout(this.#popTimer);
			this.#popTimer = setTimeout(() => (this.pops = []), SCORE_NOTE_MS);
		}
		queueMicrotask(() => (this.animate = false));
	}

	/** What the seat to decide must do at the step shown ("move the wagon on, …"). */
	stepLabel(): string {
		if (!this.gs) return '';
		return this.step?.kind === 'pick' ? 'pick the next tile' : stepLine(this.gs);
	}

	// ------------------------------------------------------------------ the person's moves
	play(move: Move): void {
		if (this.menu) this.closeMenu();
		if (this.table.play(move)) return;
		this.hoverText = '';
		this.highlight = null;
		this.showEnd = true;
	}

	rotate(by: number): void {
		this.rotation = (this.rotation + by + 4) % 4;
	}

	/** A click on a cell (or Enter on the keyboard cursor) with a tile in hand. */
	cell(x: number, y: number): void {
		if (!this.session || this.step?.kind !== 'place' || !this.yours) return;
		const c = this.cells.get(`${x},${y}`);
		if (c && !c.rotations.includes(this.rotation)) {
			// fits only turned: turn it to the next rotation that fits here; the next click places it
			this.rotation = c.rotations.find((r: number) => r > this.rotation) ?? c.rotations[0];
			this.hover(x, y);
			return;
		}
		this.play({ type: 'place', x, y, rotation: this.rotation });
	}

	/** The pointer (or the keyboard cursor) over a cell: what is there, or whether the tile fits. */
	hover(x: number, y: number): void {
		const { session, gs, rotation } = this;
		if (!session || !gs) return void (this.hoverText = '');
		if (this.step?.kind !== 'place' || this.table.inspecting)
			return void (this.hoverText = piecesAt(gs, x, y, session.book));
		const c = this.cells.get(`${x},${y}`);
		if (c?.rotations.includes(rotation))
			this.hoverText = `(${x},${y}): the tile fits here as turned (rotation ${rotation}). Click to place it.`;
		else if (c)
			this.hoverText = `(${x},${y}): fits here turned to rotation ${c.rotations.join(' or ')}, not ${rotation}. Click to turn it.`;
		else {
			const r = session.probe({ type: 'place', x, y, rotation });
			this.hoverText = r ? `(${x},${y}): ${refusalText(r)}` : '';
		}
	}

	/** A target on the board: its one move, or a menu of its moves. */
	target(t: BoardTarget): void {
		if (!this.yours) return;
		if (t.moves.length === 1) return this.play(t.moves[0]);
		const p = this.view?.targetToClient(t.x, t.y, t.feature);
		this.menu = { target: t, x: p?.x ?? 200, y: p?.y ?? 200 };
	}

	/** The pointer (or the keyboard) on a target: its moves; on a whole empty cell, what placing there does. */
	targetHover(t: BoardTarget | null): void {
		const { gs, session } = this;
		if (!t || !gs || !session) return void (this.hoverText = '');
		const labels = t.moves.map((m) => moveLabel(m, gs)).join(' / ');
		if (t.feature || boardTileAt(gs, t.x, t.y)) return void (this.hoverText = labels);
		const near = bordering(gs, t.x, t.y);
		const does = moveHelp(t.moves[0], session.book, gs).text;
		this.hoverText = `${labels} — ${near.length ? `it borders ${listed(near)}. ` : ''}${does}`;
	}

	closeMenu(): void {
		this.menu = null;
		(document.querySelector('.board') as HTMLElement | null)?.focus();
	}

	/** Highlights a scored feature and its figures (a log entry or a final score clicked). */
	showScore(e: ScoreEvent, step: number): void {
		const session = this.session;
		if (!session) return;
		const s = session.stateAt(step);
		this.highlight = {
			at: session.at,
			parts: featureParts(s, e.feature.at.x, e.feature.at.y, e.feature.at.feature),
			figures: e.figures.map((f) => ({ x: f.x, y: f.y, feature: f.feature }))
		};
		this.table.status = { text: `Highlighted: ${e.text ?? e.feature.kind}`, kind: 'info' };
		this.showEnd = false;
	}

	/** Why the engine refuses to let the person pick this tile now ('' when it does not). */
	whyNotPick(key: string): string {
		const r = this.session?.probe({ type: 'pick', tile: key });
		return r ? refusalText(r) : '';
	}

	// ------------------------------------------------------------------ taking the game away
	async copyLink(): Promise<void> {
		const q = this.table.linkQuery();
		if (!q) return;
		const url = `${location.origin}/sandbox?${q}`;
		try {
			await navigator.clipboard.writeText(url);
			this.linkCopied = 'Link copied: it opens this game at this step.';
		} catch {
			this.linkCopied = url;
		}
	}

	/** The file name of the game at the step shown. */
	fileName(ext: string): string {
		const s = this.session;
		return s ? `game-${s.state.seed}-${s.at}.${ext}` : `game.${ext}`;
	}
}
