// Long because: one conversion, a .jcz saved game to a game record, message by message.
// JCloisterZone saved games (.jcz) in and out. Pure (no I/O, no engine).
// A .jcz is JSON: `setup` (tile sets, elements, rules, start tiles), `players`, `replay` (the
// messages the client sent: PLACE_TILE, DEPLOY_MEEPLE, PASS, COMMIT, MOVE_NEUTRAL_FIGURE, UNDO, …),
// `gameAnnotations` (a forced draw order; `endTurn`: the pack counts as empty after that many
// tiles) and, for JCZ's engine tests, `test { description, assertions }`. Facts read from the
// clients' and engine's public sources; the mapping and the code are ours.
// JCZ's tiles are ours through each shipped tile's `jcz { id, rotation }` (schemas/tile.v1.json);
// a designer's set exported as a JCZ add-on has ids `CEL-<ID>/<tile>` (export/jcz.ts `jczIds`) and a
// set imported from JCZ's tile XML carries the ids it had there.
import type { Expansion, Feature, GameRecord, Half, Side, Tile } from './schema-types.ts';
import semver from 'semver';
import { copiesOf, rotateHalf, rotateSide } from './geometry.ts';
import { jczInnerPlaces, parseLocation } from './jcz-vocabulary.ts';
import {
	checkJczShape,
	shown,
	type JczDoc,
	type JczFeaturePointer,
	type JczMessage,
	type JczPayload,
	type JczPos
} from './jcz-shape.ts';

/** A problem with a place in the .jcz (a JSON pointer) and what is wrong there. */
export interface JczProblem {
	pointer: string;
	message: string;
}

export interface JczTest {
	description: string;
	assertions: string[];
}

export type JczImport =
	| {
			ok: true;
			record: GameRecord;
			warnings: JczProblem[];
			test?: JczTest;
			/** The last message replayed (after UNDOs): JCZ's turn is open until a COMMIT (phase and undo assertions read it). */
			tail: string | null;
	  }
	| { ok: false; errors: JczProblem[]; warnings: JczProblem[] };

export interface JczCatalog {
	/** The expansion documents that may be in play (shipped and the designer's own, or imported from JCZ's tile XML). */
	expansions: readonly Expansion[];
	/** Further JCZ tile-set names → the id of one of `expansions` that plays them (an imported set). */
	sets?: Record<string, string>;
}

// ---------------------------------------------------------------- which client wrote it

/** The `appVersion` written for JCloisterZone: its last release (its client loads saves from 5.7.0 on). */
export const JCZ_APP_VERSION = '5.12.1';
/** The `appVersion` written for FanCloisterZone: 6.2 loads saves from 6.2.0-alpha.1 on (JCZ loads it too). */
export const FANCZ_APP_VERSION = '6.2.0';
/**
 * The first client version whose engine reads the river strictly (RIVER-R2 look-ahead-strict):
 * FanCloisterZone 6.1.0-alpha.16 (January 2026) took its engine 6.1.5, whose river check also looks
 * along the strip ahead of an open end. JCloisterZone's own releases end at 5.12.1; FanCloisterZone
 * re-released 5.12.x and 5.13.5 with JCZ's engine before its 6.x.
 */
export const STRICT_RIVER_FROM = '6.1.0-alpha.16';

/** The river reading of the engine that wrote a saved game, by its `appVersion` (JCZ's when unreadable). */
export function riverReadingOf(appVersion: unknown): 'look-ahead' | 'look-ahead-strict' {
	const v = typeof appVersion === 'string' ? semver.valid(appVersion) : null;
	return v && semver.gte(v, STRICT_RIVER_FROM) ? 'look-ahead-strict' : 'look-ahead';
}

/** JCZ's tile sets (`setup.sets` keys without the edition) that a shipped expansion plays. */
export const JCZ_SETS: Record<string, string> = {
	basic: 'base',
	'inns-and-cathedrals': 'inns-and-cathedrals',
	'princess-and-dragon': 'dragon',
	'king-and-robber': 'king-and-robber',
	'river/1': 'river',
	river: 'river',
	'traders-and-builders': 'traders-and-builders-goods',
	'hills-and-sheep': 'hills-and-sheep',
	'abbey-and-mayor': 'abbey-and-mayor',
	gq11: 'pig-herd'
};

/** JCZ's feature class names in pointers and ours. */
const FEATURE_NAMES: Record<string, Feature['type']> = {
	Road: 'road',
	City: 'city',
	Field: 'field',
	Farm: 'field',
	Monastery: 'monastery',
	Cloister: 'monastery',
	Garden: 'garden',
	River: 'river'
};
/** JCZ's meeple types (the middle of a meeple id '0.small.1') and our figure types. */
export const JCZ_MEEPLES: Record<string, string> = {
	small: 'follower',
	big: 'large',
	abbot: 'abbot',
	pig: 'pig',
	builder: 'builder',
	phantom: 'phantom',
	mayor: 'am-mayor',
	barn: 'barn',
	shepherd: 'shepherd',
	wagon: 'wagon'
};
/** JCZ's meeple class names (assertions' `Meeple SmallFollower options`) and our figure types. */
export const JCZ_MEEPLE_CLASSES: Record<string, string> = {
	SmallFollower: 'follower',
	BigFollower: 'large',
	Abbot: 'abbot',
	Pig: 'pig',
	Builder: 'builder',
	Phantom: 'phantom',
	Mayor: 'am-mayor',
	Barn: 'barn',
	Shepherd: 'shepherd',
	Wagon: 'wagon'
};

// ---------------------------------------------------------------- locations

/** The feature of `tile` (lying at `rotation`) that a JCZ pointer names, or why none is. */
export function featureAt(
	tile: Tile,
	rotation: number,
	featureName: string,
	location: string
): { feature: Feature } | { error: string } {
	const type = own(FEATURE_NAMES, featureName);
	if (!type) return { error: `feature '${featureName}' is not played here` };
	const loc = parseLocation(location);
	if (!loc) return { error: `location '${location}' is not one of JCloisterZone's` };
	const inner = jczInnerPlaces(tile.features);
	const candidates = tile.features.filter((f) => f.type === type);
	const same = candidates.find((f) =>
		loc.inner ? inner.get(f.id) === loc.inner : sameLocation(f, rotation, loc.sides, loc.halves)
	);
	if (same) return { feature: same };
	// a tile whose fields JCZ draws otherwise (see the tile's description): the field holding the pointer's half-sides
	const overlap =
		type === 'field' &&
		!loc.inner &&
		candidates.find((f) =>
			(f.halves ?? []).some((h) => loc.halves.includes(rotateHalf(h, rotation)))
		);
	if (overlap) return { feature: overlap };
	return { error: `the tile has no ${type} at ${location}` };
}

function sameLocation(f: Feature, rotation: number, sides: Side[], halves: Half[]): boolean {
	if (f.type === 'field') {
		const mine = (f.halves ?? []).map((h) => rotateHalf(h, rotation));
		return mine.length === halves.length && halves.every((h) => mine.includes(h));
	}
	const mine = (f.sides ?? []).map((s) => rotateSide(s, rotation));
	return mine.length > 0 && mine.length === sides.length && sides.every((s) => mine.includes(s));
}

// ---------------------------------------------------------------- tiles

export interface JczTileRef {
	key: string;
	tile: Tile;
	/** Degrees: JCZ's tile turned by this much is ours at rotation 0. */
	offset: number;
}

/** JCZ tile id → our tile, over the given expansions (their `jcz` ids, and the add-on export's `CEL-<ID>/<tile>`). */
export function jczTileIndex(expansions: readonly Expansion[]): Map<string, JczTileRef> {
	const out = new Map<string, JczTileRef>();
	for (const e of expansions)
		for (const t of e.tiles) {
			const ref = { key: `${e.id}/${t.id}`, tile: t };
			for (const j of t.jcz ? [t.jcz, ...(t.jcz.also ?? [])] : [])
				if (!out.has(j.id)) out.set(j.id, { ...ref, offset: j.rotation });
			const cel = `CEL-${e.id.toUpperCase()}/${t.id}`;
			if (!out.has(cel)) out.set(cel, { ...ref, offset: 0 });
		}
	return out;
}

/** The JCZ id a tile of ours is known by (its `jcz` id, else the add-on export's). */
export function jczIdOf(expansionId: string, tile: Tile): { id: string; offset: number } {
	return tile.jcz
		? { id: tile.jcz.id, offset: tile.jcz.rotation }
		: { id: `CEL-${expansionId.toUpperCase()}/${tile.id}`, offset: 0 };
}

// ---------------------------------------------------------------- import

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const isPos = (v: unknown): v is JczPos =>
	Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n));
/** A table's entry for a key a saved game wrote: its own entries only (never `constructor`, `__proto__`). */
function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
	return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** JCZ's id of the abbey tile each player holds (Abbey & Mayor). */
export const JCZ_ABBEY = 'AM/A';

/** Elements of JCZ's setup that name figures or rules we play, and what they become. */
const ELEMENT_MODULES: Record<string, string> = {
	pig: 'pig',
	phantom: 'phantom',
	festival: 'festival',
	dragon: 'dragon',
	fairy: 'dragon',
	barn: 'barn'
};
/** Elements of JCZ's setup that are figures of a shipped document without tiles: the element, its document and figure. */
const ELEMENT_EXPANSIONS: Record<string, { expansion: string; figure: string }> = {
	builder: { expansion: 'traders-and-builders-builder', figure: 'builder' }
};
/** Switches of JCZ's setup (on when the key is there) that are rulings here: the ruling and its option when off. */
const SWITCHES: Record<string, { ruling: string; off: string; needs?: string }> = {
	farmers: { ruling: 'BASE-R3', off: 'no-farmers' },
	inn: { ruling: 'IC-R1', off: 'no-inns', needs: 'inns-and-cathedrals' },
	cathedral: { ruling: 'IC-R2', off: 'no-cathedrals', needs: 'inns-and-cathedrals' },
	hill: { ruling: 'HS-R2', off: 'no', needs: 'hills-and-sheep' },
	vineyard: { ruling: 'HS-R3', off: 'no', needs: 'hills-and-sheep' },
	'pig-herd': { ruling: 'TB-R1', off: 'no', needs: 'pig-herd' }
};
/** Elements of sets we play whose figures or rules we do not: a note, the game may not use them. */
const NOT_PLAYED: Record<string, string> = {
	garden: 'gardens come with the tiles; the abbot gives them their meaning'
};
/** JCZ rules → our rulings, by the rule's value. */
const RULES: Record<string, { ruling: string; options: Record<string, string> }> = {
	'dragon-move': {
		ruling: 'DRAGON-R1',
		options: { 'before-scoring': 'before-scoring', 'after-scoring': 'after-scoring' }
	},
	'tiny-city-scoring': { ruling: 'BASE-R1', options: { '2': 'c1-early', '4': 'modern' } },
	'inn-and-cathedral-final-scoring': {
		ruling: 'IC-R3',
		options: { ignore: 'as-usual', zero: 'zero' }
	},
	'princess-action': { ruling: 'DRAGON-R5', options: { may: 'may', must: 'must' } },
	'fairy-placement': {
		ruling: 'DRAGON-R7',
		options: { 'next-follower': 'next-follower', 'on-tile': 'on-tile' }
	},
	'hill-tiebreaker': {
		ruling: 'HS-R1',
		options: {
			'at-least-one-follower': 'at-least-one',
			'number-of-followers': 'number-of-followers'
		}
	},
	'vineyards-for-garden': { ruling: 'HS-R4', options: { true: 'yes', false: 'no' } },
	'gq11-pig-herd': { ruling: 'TB-R2', options: { pig: 'herd', nothing: 'field' } },
	'barn-placement': {
		ruling: 'AM-R2',
		options: { occupied: 'occupied', 'not-occupied': 'not-occupied' }
	},
	'wagon-move': { ruling: 'AM-R4', options: { C1: 'connected', C2: 'around' } },
	'festival-return': { ruling: 'FEST-R1', options: { meeple: 'any', follower: 'followers' } },
	'king-and-robber-scoring': {
		ruling: 'KR-R1',
		options: {
			default: 'per-feature',
			'10/20': 'ten-per-token',
			'15/40': 'fifteen-forty',
			continuously: 'continuously'
		}
	}
};

/**
 * A .jcz saved game as a game record: tile ids, rotations, pointer locations and meeple ids become
 * ours; setup keys become expansions, modules and rulings. What we do not model but can play on is
 * a warning at its place; what we cannot play is an error at its place.
 */
export function recordFromJcz(text: string, catalog: JczCatalog): JczImport {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
	} catch (e) {
		const message = `not JSON: ${e instanceof Error ? e.message : String(e)}`;
		return { ok: false, errors: [{ pointer: '', message }], warnings: [] };
	}
	return recordFromJczValue(parsed, catalog);
}

/** `recordFromJcz` of a parsed saved game: its shape checked first (jcz-shape.ts), then converted. */
export function recordFromJczValue(parsed: unknown, catalog: JczCatalog): JczImport {
	if (!isObj(parsed))
		return {
			ok: false,
			errors: [{ pointer: '', message: 'a JCloisterZone saved game is a JSON object' }],
			warnings: []
		};
	const shape = checkJczShape(parsed);
	if (shape.length) return { ok: false, errors: shape, warnings: [] };
	return gameOf(parsed as unknown as JczDoc, catalog);
}

/** The conversion of a saved game whose shape is checked (`checkJczShape`). */
function gameOf(doc: JczDoc, catalog: JczCatalog): JczImport {
	const errors: JczProblem[] = [];
	const warnings: JczProblem[] = [];
	const setup = doc.setup;
	const players = playersOf(doc, errors);
	const byId = new Map(catalog.expansions.map((e) => [e.id, e]));
	const elements = setup.elements ?? {};
	const read: SetupRead = {
		byId,
		chosen: chosenExpansions(doc, catalog, byId, errors, warnings),
		modules: [],
		figures: {},
		errors,
		warnings
	};
	readElements(elements, read);
	const rulings = rulingsOf(setup, elements, read);
	if (errors.length) return { ok: false, errors, warnings };
	const { chosen, modules, figures } = read;

	// the expansions in play, their dependencies and tiles
	const inPlay = closure(chosen, byId);
	engineReadings(doc, inPlay, read, rulings);
	const tiles = jczTileIndex(inPlay);
	const tileAt = (id: string, at: string): JczTileRef | undefined => {
		const t = tiles.get(id);
		if (!t)
			errors.push({
				pointer: at,
				message: `tile '${shown(id)}' is not one of the tiles in play (${inPlay.map((e) => e.id).join(', ')})`
			});
		return t;
	};
	const { startKey, board } = startOf(setup.start ?? [], tileAt, errors);

	// replay → moves
	const { out, draws } = movesOf(doc, board, tileAt, errors);
	if (errors.length) return { ok: false, errors, warnings };
	const moves = out.filter((o) => o.type !== 'COMMIT').map((o) => o.move);
	const tail = out.length ? out[out.length - 1].type : null;

	const drawOrder = forcedOrder(doc, tileAt);
	if (errors.length) return { ok: false, errors, warnings };
	const test = doc.test
		? { description: doc.test.description ?? '', assertions: doc.test.assertions ?? [] }
		: undefined;
	completeDrawOrder(drawOrder, {
		doc,
		moves,
		tiles,
		inPlay,
		players: players.length,
		startKey,
		test
	});

	const record: GameRecord = {
		schemaVersion: 1,
		expansions: inPlay.map((e) => ({ id: e.id })),
		players,
		seed: 0,
		...(modules.length ? { modules } : {}),
		...(Object.keys(rulings).length ? { rulings } : {}),
		...(startKey ? { start: startKey } : {}),
		...(Object.keys(figures).length ? { figures } : {}),
		...(draws.length ? { draws } : {}),
		drawOrder,
		moves
	};
	return { ok: true, record, warnings, ...(test ? { test } : {}), tail };
}

/** What the setup reading gathers: the expansions chosen, modules and figure counts, and problems. */
interface SetupRead {
	byId: ReadonlyMap<string, Expansion>;
	chosen: string[];
	modules: string[];
	figures: Record<string, number>;
	errors: JczProblem[];
	warnings: JczProblem[];
}

/**
 * The players in turn order: the order of the list (JCZ's player index, the first number of a
 * meeple id and a message's `player`), not the slot (a seat colour: Betty in slot 2 may play first).
 */
function playersOf(doc: JczDoc, errors: JczProblem[]): string[] {
	const players = doc.players.map((p) => p.name);
	const firstOf = new Map<string, number>();
	players.forEach((name, i) => {
		const first = firstOf.get(name);
		if (first === undefined) firstOf.set(name, i);
		else
			errors.push({
				pointer: `/players/${i}/name`,
				message: `'${shown(name)}' is player ${first + 1}'s name too: each player needs a name of their own (scores are told by name)`
			});
	});
	return players;
}

/** The tile sets → the ids of the expansions chosen (base first when absent, then those holding missing tiles). */
function chosenExpansions(
	doc: JczDoc,
	catalog: JczCatalog,
	byId: ReadonlyMap<string, Expansion>,
	errors: JczProblem[],
	warnings: JczProblem[]
): string[] {
	const sets = doc.setup.sets ?? {};
	const chosen: string[] = [];
	const unknown: string[] = [];
	for (const key of Object.keys(sets)) {
		const name = key.split(':')[0];
		const id =
			own(catalog.sets, name) ??
			own(JCZ_SETS, name) ??
			(name.startsWith('cel/') ? name.slice(4) : undefined);
		if (!id || !byId.has(id)) unknown.push(key);
		else if (!chosen.includes(id)) chosen.push(id);
		if (sets[key] !== 1)
			warnings.push({
				pointer: `/setup/sets/${esc(key)}`,
				message: `${sets[key]} copies of the set: played with one`
			});
	}
	if (!chosen.includes('base')) chosen.unshift('base');
	// tiles the shipped sets lack (a set of JCZ's we do not ship, or its tiles beyond ours): played by
	// the designer's own sets that hold them (imported from JCZ's tile XML, they keep JCZ's ids)
	const known = jczTileIndex(closure(chosen, byId));
	const missing = new Set(usedTileIds(doc).filter((t) => !known.has(t)));
	const providers = missing.size
		? catalog.expansions.filter(
				(e) => !chosen.includes(e.id) && [...jczTileIndex([e]).keys()].some((t) => missing.has(t))
			)
		: [];
	const by = providers.map((e) => `'${e.id}'`).join(', ');
	for (const key of unknown) {
		const name = key.split(':')[0];
		if (!providers.length)
			errors.push({
				pointer: `/setup/sets/${esc(key)}`,
				message: `JCloisterZone's '${name}' is not played here`
			});
		else
			warnings.push({
				pointer: `/setup/sets/${esc(key)}`,
				message: `JCloisterZone's '${name}' is played by ${by}, holding tiles the game uses`
			});
	}
	if (providers.length && !unknown.length)
		warnings.push({
			pointer: '/setup/sets',
			message: `tiles the shipped sets lack are played from ${by}`
		});
	for (const e of providers) chosen.push(e.id);
	return chosen;
}

/** The elements → modules, figure counts and notes; then the figures absent elements leave out. */
function readElements(elements: Record<string, unknown>, read: SetupRead): void {
	const { chosen, figures } = read;
	for (const [k, v] of Object.entries(elements)) readElement(k, v, read);
	// Hills & Sheep without JCZ's shepherd element: no shepherd
	if (chosen.includes('hills-and-sheep') && !(typeof elements.shepherd === 'number'))
		figures.shepherd = 0;
	// no small followers without their element (as JCZ's engine sets the game up)
	if (!Object.hasOwn(elements, 'small-follower')) figures.follower = 0;
	// Abbey & Mayor's mayor and barn only with their elements (JCZ's setup may leave them out while playing the tiles)
	if (chosen.includes('abbey-and-mayor') && !Object.hasOwn(elements, 'mayor'))
		figures['am-mayor'] = 0;
	if (chosen.includes('abbey-and-mayor') && !Object.hasOwn(elements, 'wagon')) figures.wagon = 0;
	if (chosen.includes('abbey-and-mayor') && !Object.hasOwn(elements, 'barn')) figures.barn = 0;
}

/** One element of JCZ's setup, as it is read: where it is, whether it is on, and its two effects. */
interface ElementRead {
	k: string;
	at: string;
	on: boolean;
	/** Its value as a count of `figure` (kept when not the usual count; an error when not a count). */
	count: (figure: string, usual: number) => void;
	/** An expansion the element brings into the pack, with a warning saying so. */
	join: (id: string, message: string) => void;
}

/** One element of JCZ's setup: a figure count, an expansion or module it brings, a note or an error. */
function readElement(k: string, v: unknown, read: SetupRead): void {
	const { byId, chosen, figures, errors, warnings } = read;
	const at = `/setup/elements/${esc(k)}`;
	// as JCZ's engine reads them: a figure count above 0, any other element whenever it is there
	const on = v !== null && (typeof v !== 'number' || v > 0);
	const count = (figure: string, usual: number) => {
		if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 30) {
			if (v !== usual) figures[figure] = v;
		} else errors.push({ pointer: at, message: `'${shown(v)}' is not a number of figures` });
	};
	const join = (id: string, message: string) => {
		if (on && !chosen.includes(id) && byId.has(id)) {
			chosen.push(id);
			warnings.push({ pointer: at, message });
		}
	};
	const el: ElementRead = { k, at, on, count, join };
	if (!figureElement(el, read)) otherElement(el, read);
}

/** The elements that are figures or bring a set of tiles into the pack; false when `k` is none of them. */
function figureElement({ k, at, count, join }: ElementRead, read: SetupRead): boolean {
	const { chosen, errors } = read;
	if (k === 'small-follower') count('follower', 7);
	else if (k === 'big-follower') {
		if (!chosen.includes('inns-and-cathedrals'))
			errors.push({
				pointer: at,
				message: 'the large meeple comes with Inns & Cathedrals here: add its set'
			});
		else count('large', 1);
	} else if (k === 'abbot') count('abbot', 1);
	// the wells of Abbey & Mayor's later edition score by the Wells rules (wells.json)
	else if (k === 'well')
		join(
			'wells',
			'wells score by the Wells rules here: their tiles and Inns & Cathedrals (for inns) join the pack'
		);
	// the pig herds (pig-herd.json: River II's and GQ11's) score by their document's rule
	else if (k === 'pig-herd')
		join(
			'pig-herd',
			"pig herds score by the pig herd's rules here: its tile (GQ11's field) joins the pack"
		);
	else if (k === 'mayor' || k === 'wagon') {
		// Abbey & Mayor's mayor and wagon: its document's figures (JCZ may add them without the tiles)
		join(
			'abbey-and-mayor',
			`the ${k} comes with Abbey & Mayor's rules here: its tiles join the pack`
		);
		count(k === 'mayor' ? 'am-mayor' : 'wagon', 1);
	}
	// Abbey & Mayor's abbey: a tile each player holds (its document's; JCZ may add it without the tiles)
	else if (k === 'abbey')
		join(
			'abbey-and-mayor',
			"the abbey comes with Abbey & Mayor's rules here: its tiles join the pack"
		);
	else if (k === 'shepherd') {
		// Hills & Sheep's shepherd: its document's bag step (JCZ may add it without the tiles)
		join(
			'hills-and-sheep',
			"the shepherd comes with Hills & Sheep's rules here: its tiles join the pack (hills and vineyards only with their elements)"
		);
		count('shepherd', 1);
	} else return false;
	return true;
}

/** The elements that bring a module or a shipped document, switches, notes and what is not played. */
function otherElement({ k, at, on, count }: ElementRead, read: SetupRead): void {
	const { byId, chosen, modules, errors, warnings } = read;
	if (own(ELEMENT_MODULES, k)) {
		const module = own(ELEMENT_MODULES, k)!;
		if (!on) return;
		if (
			!modules.includes(module) &&
			!(module === 'barn' && chosen.includes('abbey-and-mayor')) &&
			// not when a set in play brings the module (the dragon's, the festival's document)
			!chosen.some((id) => (byId.get(id)?.rules ?? id) === module)
		)
			modules.push(module);
		if (k === 'pig' || k === 'phantom' || k === 'barn') count(k, 1);
	} else if (own(ELEMENT_EXPANSIONS, k)) {
		const { expansion, figure } = own(ELEMENT_EXPANSIONS, k)!;
		if (!on) return;
		if (!byId.has(expansion))
			errors.push({ pointer: at, message: `the ${k} needs the '${expansion}' expansion here` });
		else if (!chosen.includes(expansion)) chosen.push(expansion);
		count(figure, 1);
	} else if (own(SWITCHES, k) || ['princess', 'portal', 'king', 'robber'].includes(k)) {
		return; // rulingsOf: an absent switch is off too
	} else if (own(NOT_PLAYED, k)) {
		if (on) warnings.push({ pointer: at, message: own(NOT_PLAYED, k)! });
	} else if (k === 'traders') {
		if (
			on &&
			!chosen.some(
				(id) =>
					id === 'traders-and-builders-goods' ||
					byId.get(id)?.dependencies?.includes('traders-and-builders-goods')
			)
		)
			errors.push({ pointer: at, message: "goods need Traders & Builders' tiles: add its set" });
	} else if (on) errors.push({ pointer: at, message: `JCloisterZone's '${k}' is not played here` });
}

/** The rules and switches of JCZ's setup → rulings (what is not modelled: a warning). */
function rulingsOf(
	setup: JczDoc['setup'],
	elements: Record<string, unknown>,
	{ chosen, modules, warnings }: SetupRead
): Record<string, string> {
	const rulings: Record<string, string> = {};
	// (JCZ's engine asks whether the key is there: `"inn": false` still plays the inns)
	for (const [k, sw] of Object.entries(SWITCHES)) {
		if (sw.needs && !chosen.includes(sw.needs)) continue;
		if (!Object.hasOwn(elements, k)) rulings[sw.ruling] = sw.off;
		else if (elements[k] === false)
			warnings.push({
				pointer: `/setup/elements/${k}`,
				message: `false, but JCloisterZone's engine plays ${k} whenever the key is there, and so does this import`
			});
	}
	const rules = setup.rules ?? {};
	for (const [k, v] of Object.entries(rules)) {
		const map = own(RULES, k);
		// JCZ writes an option as text, a number or true/false
		const value = ['string', 'number', 'boolean'].includes(typeof v) ? String(v) : undefined;
		const option = map && value !== undefined ? own(map.options, value) : undefined;
		if (map && option) rulings[map.ruling] = option;
		else
			warnings.push({
				pointer: `/setup/rules/${esc(k)}`,
				message: `JCloisterZone's rule '${k}' = '${shown(v)}' is not modelled here: played by our rules`
			});
	}
	// the dragon and the fairy (each an element of JCZ's setup) where The Princess & the Dragon's rules are in play
	if (chosen.includes('dragon') || modules.includes('dragon')) {
		const has = (k: string) => Object.hasOwn(elements, k) && elements[k] !== null;
		const which = has('dragon')
			? has('fairy')
				? 'dragon-and-fairy'
				: 'dragon-only'
			: has('fairy')
				? 'fairy-only'
				: 'neither';
		if (which !== 'dragon-and-fairy') rulings['DRAGON-R4'] = which;
		// the princess and the magic portal are elements of their own there (on when the key is there)
		if (!has('princess')) rulings['DRAGON-R5'] = 'off';
		if (!has('portal')) rulings['DRAGON-R6'] = 'off';
	}
	// the king and the robber baron: elements of their own there
	if (chosen.includes('king-and-robber')) {
		const has = (k: string) =>
			Object.hasOwn(elements, k) && elements[k] !== null && elements[k] !== false;
		const which = has('king')
			? has('robber')
				? 'both'
				: 'king-only'
			: has('robber')
				? 'robber-only'
				: 'neither';
		if (which !== 'both') rulings['KR-R2'] = which;
	}
	// and the abbeys (ruling AM-R6)
	if (
		chosen.includes('abbey-and-mayor') &&
		!(typeof elements.abbey === 'number' && elements.abbey > 0)
	)
		rulings['AM-R6'] = 'none';
	return rulings;
}

/** The readings of the engine that wrote the game where ours differ (rulings of their own), and the abbot. */
function engineReadings(
	doc: JczDoc,
	inPlay: readonly Expansion[],
	{ modules, figures }: SetupRead,
	rulings: Record<string, string>
): void {
	const elements = doc.setup.elements ?? {};
	if (inPlay.some((e) => e.rules === 'river'))
		rulings['RIVER-R2'] ??= riverReadingOf(doc.appVersion);
	// the barn as JCZ's engine scores it: every barn owner at the end, a farmer placed in its field scored at once
	if (modules.includes('barn')) {
		rulings['AM-R1'] ??= 'every-owner';
		rulings['AM-R3'] ??= 'scored-at-once';
	}
	// the abbot (a module of its own here) with its element
	if (Object.hasOwn(elements, 'abbot') && figures.abbot !== 0) {
		if (!modules.includes('abbot')) modules.push('abbot');
		rulings['ABBOT-R1'] ??= 'no';
	} else delete figures.abbot;
}

/** The start tile: its key and the board it begins (one tile, at (0,0) unturned; else an error). */
function startOf(
	start: NonNullable<JczDoc['setup']['start']>,
	tileAt: TileAt,
	errors: JczProblem[]
): { startKey: string | undefined; board: Board } {
	let startKey: string | undefined;
	const board: Board = new Map();
	if (start.length !== 1)
		errors.push({
			pointer: '/setup/start',
			message: `${start.length} start tiles: one is played here`
		});
	else {
		const s = start[0];
		const ref = tileAt(s.tile, '/setup/start/0/tile');
		const deg = startRotation(s.rotation);
		if (deg === undefined)
			errors.push({
				pointer: '/setup/start/0/rotation',
				message: `rotation '${shown(s.rotation)}' is not 0, 90, 180 or 270 degrees`
			});
		else if (ref) {
			if ((s.x ?? 0) !== 0 || (s.y ?? 0) !== 0 || (deg - ref.offset) % 360 !== 0)
				errors.push({
					pointer: '/setup/start/0',
					message: 'the start tile lies at (0,0) unturned here'
				});
			startKey = ref.key;
			board.set('0,0', { ref, rotation: 0 });
		}
	}
	return { startKey, board };
}

/** JCZ's forced draw order (gameAnnotations.drawOrder) as our tile keys; unknown tiles are errors. */
function forcedOrder(doc: JczDoc, tileAt: TileAt): string[] {
	const order = doc.gameAnnotations?.drawOrder ?? [];
	const drawOrder: string[] = [];
	for (let i = 0; i < order.length; i++) {
		const ref = tileAt(order[i], `/gameAnnotations/drawOrder/${i}`);
		if (ref) drawOrder.push(ref.key);
	}
	return drawOrder;
}

/**
 * The draw pile from the forced order: cut at endTurn (the pack then counts as empty); without an
 * end the rest of the pack follows (river tiles first) so that the game goes on.
 */
function completeDrawOrder(
	drawOrder: string[],
	game: {
		doc: JczDoc;
		moves: GameRecord['moves'];
		tiles: ReadonlyMap<string, JczTileRef>;
		inPlay: readonly Expansion[];
		players: number;
		startKey: string | undefined;
		test: JczTest | undefined;
	}
): void {
	const { doc, moves, tiles, inPlay, players, startKey, test } = game;
	const end = doc.gameAnnotations?.endTurn;
	const placedKeys = moves.filter((m) => m.type === 'place').map((m) => m.tile as string);
	// past the forced order (or without one) JCZ drew at random: the tiles the game placed follow it
	for (let k = drawOrder.length; k < placedKeys.length; k++) drawOrder.push(placedKeys[k]);
	if (typeof end === 'number') drawOrder.splice(end);
	else {
		// past the forced order JCZ drew at random: a test names the tile it drew next
		const next = test?.assertions
			.map((a) => /^(?:Available action TilePlacement for|TilePlacement) (\S+)/.exec(a)?.[1])
			.find((id) => id && tiles.has(id));
		if (next && moves.filter((m) => m.type === 'place').length >= drawOrder.length)
			drawOrder.push(tiles.get(next)!.key);
		drawOrder.push(...restOfPack(inPlay, players, [startKey ?? '', ...drawOrder]));
	}
}

type Out = { move: GameRecord['moves'][number]; type: string };
type Board = Map<string, { ref: JczTileRef; rotation: number }>;
type TileAt = (id: string, at: string) => JczTileRef | undefined;
const MEEPLE_ID = /^(\d+)\.([a-z-]+)\.\d+$/;

/** For each message, the type of the first later SHEPHERD_CONFIRM, COMMIT or UNDO (one pass from the end). */
function shepherdEnds(replay: readonly JczMessage[]): (string | undefined)[] {
	const ends: (string | undefined)[] = new Array<string | undefined>(replay.length);
	let next: string | undefined;
	for (let i = replay.length - 1; i >= 0; i--) {
		ends[i] = next;
		const t = replay[i].type;
		if (t === 'SHEPHERD_CONFIRM' || t === 'COMMIT' || t === 'UNDO') next = t;
	}
	return ends;
}

/**
 * The replay's messages as our moves (COMMITs kept as markers of the turns) and the random values
 * of the flock's draws (Hills & Sheep), in order: the engine draws with them. Errors are pushed.
 * One pass over the messages, each handled in constant time (a game of 40,000 shepherds imports
 * as fast per message as one of ten).
 */
function movesOf(
	doc: JczDoc,
	board: Board,
	tileAt: TileAt,
	errors: JczProblem[]
): { out: Out[]; draws: number[] } {
	const replay = doc.replay;
	const out: Out[] = [];
	const placed: string[] = [];
	const draws: number[] = [];
	const drawnWith = (r: unknown, pointer: string) => {
		if (typeof r === 'number' && r >= 0 && r < 1) draws.push(r);
		else errors.push({ pointer, message: 'a draw from the bag needs its random value in [0, 1)' });
	};
	const drawn = (m: JczMessage, at: string) => drawnWith(m.payload?.random, `${at}/payload/random`);
	const endAfter = shepherdEnds(replay);
	// the last message before this one that carried a random value (-1: none yet)
	let lastRandom = -1;
	// where the current turn starts in `out` (after its last COMMIT)
	let turnStart = 0;
	for (let i = 0; i < replay.length; i++) {
		if (i > 0 && typeof replay[i - 1].payload?.random === 'number') lastRandom = i - 1;
		const at = `/replay/${i}`;
		const m = replay[i];
		const type = m.type;
		const p = m.payload ?? {};
		if (type === 'COMMIT') {
			// a turn committed right after its tile: JCZ had nothing to offer or the player let it be (a pass here)
			if (out.length - turnStart === 1 && out[turnStart].type === 'PLACE_TILE')
				out.push({ move: { type: 'pass' }, type: 'PASS' });
			out.push({ move: { type: 'commit' }, type });
			turnStart = out.length;
		} else if (type === 'UNDO') {
			if (out.length === turnStart)
				errors.push({ pointer: at, message: 'UNDO with nothing to undo in this turn' });
			else if (out.pop()!.type === 'PLACE_TILE') board.delete(placed.pop()!);
		} else if (type === 'PLACE_TILE') {
			const ref = tileAt(p.tileId!, `${at}/payload/tileId`);
			const deg = /^R(0|90|180|270)$/.exec(p.rotation!);
			if (!deg)
				errors.push({
					pointer: `${at}/payload/rotation`,
					message: `rotation '${shown(p.rotation)}' is not R0, R90, R180 or R270`
				});
			if (!ref || !deg) continue;
			const rotation = ((Number(deg[1]) - ref.offset + 360) % 360) / 90;
			const [x, y] = p.position!;
			board.set(`${x},${y}`, { ref, rotation });
			placed.push(`${x},${y}`);
			// the abbey is held, not drawn: a move of its own (AM-5.1.1)
			if (p.tileId === JCZ_ABBEY) out.push({ move: { type: 'abbey', x, y }, type });
			else out.push({ move: { type: 'place', tile: ref.key, x, y, rotation }, type });
		} else if (type === 'PASS') out.push({ move: { type: 'pass' }, type });
		// the shepherd placed draws its first token (its bag step), with the confirmation's random value
		else if (type === 'SHEPHERD_CONFIRM') drawn(m, at);
		else if (type === 'FLOCK_EXPAND_OR_SCORE') {
			const choice = p.value === 'EXPAND' ? 'expand' : p.value === 'SCORE' ? 'score' : undefined;
			if (!choice)
				errors.push({
					pointer: `${at}/payload/value`,
					message: `'${shown(p.value)}' is not EXPAND or SCORE`
				});
			else {
				if (choice === 'expand') drawn(m, at);
				out.push({ move: { type: 'flock', choice }, type });
			}
		} else if (type === 'DEPLOY_MEEPLE') {
			const figure = deployed(p, at, { out, placed, board, errors });
			// JCZ 5.x writes no SHEPHERD_CONFIRM: its engine drew the shepherd's first token with its
			// current random — the last message's that carried one, or the game's initialRandom
			if (figure === 'shepherd' && endAfter[i] !== 'SHEPHERD_CONFIRM') {
				if (lastRandom >= 0) drawn(replay[lastRandom], `/replay/${lastRandom}`);
				else drawnWith(doc.initialRandom, '/initialRandom');
			}
		} else if (type === 'RETURN_MEEPLE' && (p.source === 'PRINCESS' || p.source === 'FESTIVAL'))
			returned(p, at, { out, placed, board, errors });
		else if (type === 'MOVE_NEUTRAL_FIGURE') moved(p, at, { out, placed, board, errors });
		else
			errors.push({
				pointer: `${at}/type`,
				message: `JCloisterZone's message '${shown(type)}' is not played here`
			});
	}
	return { out, draws };
}

interface Replaying {
	out: Out[];
	placed: string[];
	board: Board;
	errors: JczProblem[];
}

/** A DEPLOY_MEEPLE as our move (a deploy, a portal's, a wagon moving on, a barn); the figure deployed, or undefined. */
function deployed(p: JczPayload, at: string, { out, placed, board, errors }: Replaying) {
	const ptr = p.pointer ?? {};
	const meeple = MEEPLE_ID.exec(p.meepleId!);
	if (meeple?.[2] === 'barn') {
		// JCZ names the corner by the tile south-east of it (a field of that tile holding NL)
		const corner = barnCorner(ptr.position, placed.at(-1));
		if (corner) out.push({ move: { type: 'barn', corner }, type: 'DEPLOY_MEEPLE' });
		else
			errors.push({
				pointer: `${at}/payload/pointer/position`,
				message: 'a barn stands on a corner of the tile just placed'
			});
		return undefined;
	}
	const figure = meeple ? own(JCZ_MEEPLES, meeple[2]) : undefined;
	if (!figure) {
		errors.push({
			pointer: `${at}/payload/meepleId`,
			message:
				meeple && own(NOT_PLAYED, meeple[2])
					? `JCloisterZone's '${meeple[2]}' is not played here`
					: `meeple '${shown(p.meepleId)}' is not a figure played here`
		});
		return undefined;
	}
	const feature = pointerFeature(ptr, `${at}/payload/pointer`, board, errors);
	if (!feature) return undefined;
	const [x, y] = ptr.position!;
	// a wagon after its turn's scoring (a COMMIT, or another wagon's move): it moves on (AM-5.3.2)
	if (figure === 'wagon' && ['COMMIT', 'WAGON'].includes(out.at(-1)?.type ?? ''))
		out.push({ move: { type: 'move-on', x, y, feature }, type: 'WAGON' });
	// on another tile than the one just placed: through the magic portal (DRAGON-4.7.1)
	else if (placed.at(-1) !== `${x},${y}`)
		out.push({ move: { type: 'portal', figure, x, y, feature }, type: 'DEPLOY_MEEPLE' });
	else out.push({ move: { type: 'deploy', figure, feature }, type: 'DEPLOY_MEEPLE' });
	return figure;
}

/** A follower the princess or the festival sends home, as our move. */
function returned(p: JczPayload, at: string, { out, board, errors }: Replaying): void {
	const ptr = p.pointer ?? {};
	const fp = ptr.featurePointer ?? {};
	const meeple = MEEPLE_ID.exec(ptr.meepleId ?? '');
	const figure = meeple ? own(JCZ_MEEPLES, meeple[2]) : undefined;
	if (!meeple || !figure) {
		errors.push({
			pointer: `${at}/payload/pointer/meepleId`,
			message: `meeple '${shown(ptr.meepleId)}' is not a figure played here`
		});
		return;
	}
	const feature = pointerFeature(fp, `${at}/payload/pointer/featurePointer`, board, errors);
	if (!feature) return;
	const [x, y] = fp.position!;
	const owner = Number(meeple[1]);
	const kind = p.source === 'FESTIVAL' ? 'festival' : 'princess';
	out.push({ move: { type: kind, x, y, feature, owner, figure }, type: 'RETURN_MEEPLE' });
}

/** The dragon or the fairy moved, as our move. */
function moved(p: JczPayload, at: string, { out, board, errors }: Replaying): void {
	const type = 'MOVE_NEUTRAL_FIGURE';
	const fig = p.figureId ?? '';
	const to = p.to;
	if (fig.startsWith('dragon.') && isPos(to))
		out.push({ move: { type: 'dragon', x: to[0], y: to[1] }, type });
	// the fairy onto a tile (JCZ's fairy-placement on-tile, ruling DRAGON-R7)
	else if (fig.startsWith('fairy.') && isPos(to))
		out.push({ move: { type: 'fairy', x: to[0], y: to[1] }, type });
	else if (fig.startsWith('fairy.') && to && !isPos(to) && to.featurePointer) {
		const fp = to.featurePointer;
		const feature = pointerFeature(fp, `${at}/payload/to/featurePointer`, board, errors);
		if (feature)
			out.push({ move: { type: 'fairy', x: fp.position![0], y: fp.position![1], feature }, type });
	} else
		errors.push({ pointer: `${at}/payload`, message: `moving '${shown(fig)}' is not played here` });
}

/** A start tile's rotation in degrees (JCZ writes a number; 'R90' read too); undefined when it is none. */
function startRotation(r: number | string | undefined): number | undefined {
	if (r === undefined) return 0;
	const deg = typeof r === 'number' ? r : Number(/^R?(0|90|180|270)$/.exec(r)?.[1]);
	return [0, 90, 180, 270].includes(deg) ? deg : undefined;
}

/** The expansions of these ids and their dependencies, dependencies first. */
function closure(ids: readonly string[], byId: ReadonlyMap<string, Expansion>): Expansion[] {
	const out: Expansion[] = [];
	const add = (id: string) => {
		const e = byId.get(id);
		if (!e || out.includes(e)) return;
		for (const d of e.dependencies ?? []) add(d);
		out.push(e);
	};
	for (const id of ids) add(id);
	return out;
}

/** Every JCZ tile id a saved game names (start, placements, draw order). */
function usedTileIds(doc: JczDoc): string[] {
	const out = (doc.setup.start ?? []).map((s) => s.tile);
	for (const m of doc.replay) if (m.type === 'PLACE_TILE') out.push(m.payload!.tileId!);
	for (const t of doc.gameAnnotations?.drawOrder ?? []) out.push(t);
	return out;
}

/** The corner of the tile just placed (at 'x,y') that a barn's JCZ pointer names: its position is the cell south-east of the corner. */
function barnCorner(position: unknown, placedAt: string | undefined): string | null {
	if (!isPos(position) || !placedAt) return null;
	const [x, y] = placedAt.split(',').map(Number);
	const d = `${position[0] - x},${position[1] - y}`;
	return (
		own({ '0,0': 'NW', '1,0': 'NE', '0,1': 'SW', '1,1': 'SE' } as Record<string, string>, d) ?? null
	);
}

/** The feature id a JCZ feature pointer names on the board built so far (or an error pushed). */
function pointerFeature(
	ptr: JczFeaturePointer,
	at: string,
	board: Board,
	errors: JczProblem[]
): string | undefined {
	if (!isPos(ptr.position)) {
		errors.push({ pointer: `${at}/position`, message: 'a position is [x, y]' });
		return undefined;
	}
	const cell = board.get(`${ptr.position[0]},${ptr.position[1]}`);
	if (!cell) {
		errors.push({ pointer: `${at}/position`, message: `no tile at (${ptr.position.join(',')})` });
		return undefined;
	}
	const f = featureAt(cell.ref.tile, cell.rotation, String(ptr.feature), String(ptr.location));
	if ('error' in f) {
		errors.push({ pointer: at, message: `${cell.ref.key}: ${f.error}` });
		return undefined;
	}
	return f.feature.id;
}

/** The tiles of the expansions in play not yet named (a count per tile, less those used), river tiles first. */
function restOfPack(inPlay: readonly Expansion[], players: number, used: string[]): string[] {
	const left = new Map<string, number>();
	for (const k of used) left.set(k, (left.get(k) ?? 0) - 1);
	const river: string[] = [];
	const lakes: string[] = [];
	const land: string[] = [];
	const hasRiver = inPlay.some((e) => e.id === 'river' || e.rules === 'river');
	for (const e of inPlay)
		for (const t of e.tiles) {
			const key = `${e.id}/${t.id}`;
			const isRiver = t.features.some((f) => f.type === 'river');
			if (isRiver && !hasRiver) continue;
			const n = copiesOf(t, players) + (left.get(key) ?? 0);
			if (t.role === 'spring') continue;
			const to = !isRiver ? land : t.role === 'lake' ? lakes : river;
			for (let i = 0; i < n; i++) to.push(key);
		}
	return [...river, ...lakes, ...land];
}
