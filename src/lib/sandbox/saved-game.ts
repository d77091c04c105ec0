// A sandbox game kept outside the page: in the browser's storage (a reload or a closed tab comes
// back to the same step, as the editor's drafts do) and in a link that carries the whole game.
// Pure: the storage is passed in; a game that cannot be read is reported, never thrown.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { GameRecord } from '../engine/index.ts';
import { base64ToBytes, bytesToBase64 } from '../formats/base64.ts';
import type { Alternative } from '../bots/index.ts';
import type { SandboxSetup } from './setup.ts';

/** The storage key of the game in progress (one per browser, as one table). */
export const SAVED_GAME_KEY = 'lab:sandbox-game';
/** The URL parameter of a link that carries a whole game. */
export const GAME_PARAM = 'g';

export interface SavedGame {
	version: 1;
	/** The sandbox setup (seats, colours, bots), as the URL writes it. */
	setup: SandboxSetup;
	/** The whole timeline's record (the steps after `at` too: redo survives a reload). */
	record: GameRecord;
	/** The timeline step shown. */
	at: number;
	/** The bots' explanations by timeline step. */
	notes?: Record<number, { name: string; alternatives: Alternative[] }>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The saved game in `text`, or why it is not one. */
export function parseSavedGame(text: string): { game: SavedGame } | { error: string } {
	let v: unknown;
	try {
		v = JSON.parse(text);
	} catch (e) {
		return { error: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
	}
	if (!isObject(v) || v.version !== 1) return { error: 'not a saved sandbox game (version 1)' };
	if (!isObject(v.setup) || !Array.isArray(v.setup.players) || !Array.isArray(v.setup.expansions))
		return { error: 'its setup is missing' };
	if (!isObject(v.record) || !Array.isArray(v.record.moves))
		return { error: 'its game record is missing' };
	if (!Number.isInteger(v.at) || (v.at as number) < 0)
		return { error: 'its step is not a whole number' };
	if (v.notes !== undefined && !isObject(v.notes))
		return { error: 'its bot notes are not an object' };
	return { game: v as unknown as SavedGame };
}

/** The game kept in `storage`, if any (a broken entry reads as none). */
export function loadSavedGame(storage: Storage | undefined): SavedGame | null {
	const text = storage?.getItem(SAVED_GAME_KEY);
	if (!text) return null;
	const r = parseSavedGame(text);
	return 'game' in r ? r.game : null;
}

/** Keeps the game; false when the browser refuses (storage full or off). */
export function storeSavedGame(storage: Storage | undefined, game: SavedGame): boolean {
	if (!storage) return false;
	try {
		storage.setItem(SAVED_GAME_KEY, JSON.stringify(game));
		return true;
	} catch {
		return false;
	}
}

const toBase64Url = (bytes: Uint8Array): string =>
	bytesToBase64(bytes)
		.replace(/\+/g, '-')
		.replace(/\//g, '_')
		.replace(/={1,2}$/, '');
const fromBase64Url = (text: string): Uint8Array =>
	base64ToBytes(text.replace(/-/g, '+').replace(/_/g, '/'));

/** The value of a link's `g` parameter for a game (compressed; the bots' notes stay at home). */
export function encodeGameLink(game: SavedGame): string {
	const { notes: _notes, ...rest } = game;
	return toBase64Url(deflateSync(strToU8(JSON.stringify(rest)), { level: 9 }));
}

/** The longest `g` value read (a whole 72-tile game takes a few kilobytes). */
export const MAX_LINK_CHARS = 200_000;

/** The game a link's `g` parameter carries, or why it cannot be read. */
export function decodeGameLink(value: string): { game: SavedGame } | { error: string } {
	if (value.length > MAX_LINK_CHARS)
		return {
			error: `the link's game is ${value.length} characters long; the most a link carries is ${MAX_LINK_CHARS}`
		};
	let text: string;
	try {
		text = strFromU8(inflateSync(fromBase64Url(value)));
	} catch {
		return {
			error:
				"the link's game is damaged (it could not be decompressed): was it cut short when copied?"
		};
	}
	return parseSavedGame(text);
}
