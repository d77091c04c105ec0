// The sandbox's setup, and its place in the URL: a link reproduces the game's start. Parsing is
// forgiving (a bad parameter is reported and replaced by its default), never throwing.
import { PLAYER_COLOURS } from './palette.ts';
import { parseBotSpec } from '../bots/index.ts';

export interface PlayerSetup {
	name: string;
	/** An id of PLAYER_COLOURS. */
	colour: string;
	/** A bot plays this seat (`greedy`, `mcts:medium`: a BotSpec as text); none: a person. */
	bot?: string;
}

export interface SandboxSetup {
	/** Chosen expansion ids (documents or rule modules such as pig); the resolver adds their dependencies. */
	expansions: string[];
	players: PlayerSetup[];
	seed: number;
	/** Ruling overrides: ruling id → option. */
	rulings: Record<string, string>;
	/** Free mode: the player picks every tile instead of drawing. */
	free: boolean;
	/** Start tile key; default: the rules' own start tile. */
	start?: string;
	/** Expansion id whose unsaved editor draft (localStorage) is played instead of the stored document. */
	draft?: string;
	/** Free mode: tile keys a rule's test wants ready (the editor's Test in sandbox): the first is picked, all listed first. */
	ready?: string[];
}

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
const DEFAULT_NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'];

export function defaultSetup(): SandboxSetup {
	return { expansions: ['base'], players: defaultPlayers(2), seed: 1, rulings: {}, free: false };
}

export const defaultPlayers = (n: number): PlayerSetup[] =>
	Array.from({ length: n }, (_, i) => ({ name: DEFAULT_NAMES[i], colour: PLAYER_COLOURS[i].id }));

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TILE_KEY = /^[a-z0-9-]+\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const RULING = /^[A-Z][A-Z0-9-]*$/;

/**
 * The query string of a setup (`x` expansions, `p` players as `name~colour` or `name~colour~bot`,
 * `seed`, `r` rulings, `free`, `start`, `draft`, `ready`).
 */
export function setupToParams(s: SandboxSetup): URLSearchParams {
	const q = new URLSearchParams();
	q.set('x', s.expansions.join(','));
	q.set(
		'p',
		s.players
			.map((p) => `${p.name.replace(/[,~]/g, ' ')}~${p.colour}${p.bot ? `~${p.bot}` : ''}`)
			.join(',')
	);
	q.set('seed', String(s.seed));
	const r = Object.entries(s.rulings);
	if (r.length) q.set('r', r.map(([k, v]) => `${k}:${v}`).join(','));
	if (s.free) q.set('free', '1');
	if (s.start) q.set('start', s.start);
	if (s.draft) q.set('draft', s.draft);
	if (s.ready?.length) q.set('ready', s.ready.join(','));
	return q;
}

/** The setup a query string describes, and what in it was not understood (replaced by defaults). */
export function setupFromParams(q: URLSearchParams): { setup: SandboxSetup; problems: string[] } {
	const problems: string[] = [];
	const setup = defaultSetup();
	const x = q.get('x');
	if (x !== null) {
		const ids = x
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean);
		const bad = ids.filter((id) => !ID.test(id));
		if (bad.length)
			problems.push(
				`expansions: '${bad.join("', '")}' ${bad.length > 1 ? 'are not expansion ids' : 'is not an expansion id'}`
			);
		const good = ids.filter((id) => ID.test(id));
		if (good.length) setup.expansions = [...new Set(good)];
	}
	const p = q.get('p');
	if (p !== null) {
		const players = p.split(',').map((entry, i): PlayerSetup => {
			const [name, colour, bot] = entry.split('~');
			const pl: PlayerSetup = {
				name: (name ?? '').trim().slice(0, 40) || DEFAULT_NAMES[i] || `P${i + 1}`,
				colour: PLAYER_COLOURS.some((c) => c.id === colour) ? colour : ''
			};
			if (bot) {
				const spec = parseBotSpec(bot);
				if ('error' in spec)
					problems.push(`players: seat ${i + 1}: ${spec.error} (a person plays it)`);
				else pl.bot = bot;
			}
			return pl;
		});
		if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
			problems.push(
				`players: ${players.length} given, the sandbox seats ${MIN_PLAYERS} to ${MAX_PLAYERS}`
			);
		else {
			// a colour missing or taken twice gets the first free one
			const used = new Set<string>();
			for (const pl of players)
				if (pl.colour && !used.has(pl.colour)) used.add(pl.colour);
				else pl.colour = '';
			for (const pl of players)
				if (!pl.colour) used.add((pl.colour = PLAYER_COLOURS.find((c) => !used.has(c.id))!.id));
			setup.players = players;
		}
	}
	const seed = q.get('seed');
	if (seed !== null) {
		const n = Number(seed);
		if (Number.isInteger(n) && n >= 0 && n <= 0xffffffff) setup.seed = n;
		else problems.push(`seed: '${seed}' is not a whole number from 0 to 4294967295`);
	}
	const r = q.get('r');
	if (r) {
		for (const pair of r.split(',')) {
			const [id, option] = pair.split(':');
			if (id && option && RULING.test(id)) setup.rulings[id] = option;
			else problems.push(`rulings: '${pair}' is not RULING-ID:option`);
		}
	}
	setup.free = q.get('free') === '1';
	const start = q.get('start');
	if (start) {
		if (TILE_KEY.test(start)) setup.start = start;
		else problems.push(`start: '${start}' is not a tile key (expansion/tile id)`);
	}
	const draft = q.get('draft');
	if (draft) {
		if (ID.test(draft)) setup.draft = draft;
		else problems.push(`draft: '${draft}' is not an expansion id`);
	}
	const ready = q.get('ready');
	if (ready) {
		const keys = ready.split(',');
		const bad = keys.filter((k) => !TILE_KEY.test(k));
		if (bad.length)
			problems.push(
				`ready: '${bad.join("', '")}' ${bad.length > 1 ? 'are not tile keys' : 'is not a tile key'} (expansion/tile id)`
			);
		if (keys.length > bad.length) setup.ready = keys.filter((k) => TILE_KEY.test(k));
	}
	return { setup, problems };
}
