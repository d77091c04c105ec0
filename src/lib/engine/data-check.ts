// A check at setup (a dataRules rule of type 'check', schemas/expansion.v1.json): the game's tiles
// with an icon — land tiles and river tiles, copies counted — against the numbers the rule expects
// (`land`, `river`: expressions on rulings and parameters, decided once per rules context). One
// event (the rule's `event`, default 'check') says what the setup found: `<icon>Tiles` {land,
// river}, `tileSetMatches`, per held-tile step of the document the tiles each player holds
// (`<tile>s`: townHalls), and per river tile with the icon whether it joined the river tiles or was
// left out (no River: `<tile>`: 'river-tiles' | 'left-out'). Nothing in the game changes: the
// rules of the setup itself are the tiles' and the steps' own properties.
import { copiesOf } from '../formats/geometry.ts';
import { emit } from './events.ts';
import { perContext, perGame } from './per-context.ts';
import { ev, type DataState } from './data-scope.ts';
import type { DataRule, HeldTileStep } from '../formats/schema-types.ts';
import type { Context, Engine, Expansion, GameEvent, Hooks } from './types.ts';

/** 'town-hall' → 'townHall': an event's field. */
const camel = (id: string): string => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const lookup = (rules: Context) => (name: string) => {
	if (name.startsWith('param.')) return rules.params[name.slice(6)] ?? 0;
	const m = /^ruling\.([^.]+)\.(.+)$/.exec(name);
	return m ? rules.rulings[m[1]] === m[2] : 0;
};
const count = (rules: Context, e: unknown): number =>
	e === undefined ? 0 : Math.max(0, Math.trunc(Number(ev(e, lookup(rules))) || 0));

/** What one check finds in a rules context for a number of players (the same every game). */
function finding(rules: Context, players: number, r: DataRule) {
	const icon = r.icon!;
	let land = 0;
	let river = 0;
	const riverTiles: number[] = [];
	for (const t of rules.tiles) {
		if (!t.icons.has(icon)) continue;
		const n = copiesOf(t.def, players);
		if (t.river) {
			river += n;
			riverTiles.push(t.index);
		} else land += n;
	}
	const expected = { land: count(rules, r.land), river: count(rules, r.river) };
	return { land, river, riverTiles, expected };
}

/** One check's setup: its event, once the held tiles are dealt. */
function checkOf(e: Expansion, r: DataRule, held: readonly HeldTileStep[]) {
	const found = perGame((rules, players) => finding(rules, players, r));
	const rules = [r.id, ...(r.cites ?? [])];
	const holdNames = held.map((h) => `${camel(h.tile)}s`);
	const tilesName = `${camel(r.icon!)}Tiles`;
	// (every game: a few river tiles looked for in the piles, the names worked out once)
	const riverNames = perContext((c) =>
		c.tiles.map((t) => (t.icons.has(r.icon!) ? camel(t.key.slice(e.id.length + 1)) : ''))
	);
	const inPiles = (engine: Engine, t: number) =>
		engine.state.piles.some((p) => p.tiles.includes(t) || p.last.includes(t));
	return (engine: Engine, st: DataState): void => {
		const state = engine.state;
		const f = found(engine.rules, state.players.length);
		const matches = f.land === f.expected.land && f.river === f.expected.river;
		const names = riverNames(engine.rules);
		// the event built field by field (spreads of entries would make a slow dictionary of it)
		const ev: GameEvent = { type: r.event ?? 'check', rules };
		const fields = ev as Record<string, unknown>;
		for (let i = 0; i < holdNames.length; i++)
			fields[holdNames[i]] = [...(st.heldTiles?.[i]?.held ?? [])];
		fields[tilesName] = { land: f.land, river: f.river };
		let shuffledIn = false;
		for (const t of f.riverTiles) {
			const fate = inPiles(engine, t) ? 'river-tiles' : 'left-out';
			fields[names[t]] = fate;
			shuffledIn ||= fate === 'river-tiles';
		}
		fields.tileSetMatches = matches;
		emit(
			engine,
			ev,
			() =>
				`${e.name}: ${f.land} land tiles and ${f.river} river tiles with the ${r.icon} symbol` +
				(f.riverTiles.length
					? ` (the river ones ${shuffledIn ? 'shuffled into the river tiles' : 'left out without The River'})`
					: '') +
				(matches
					? '.'
					: `; rule ${r.id} expects ${f.expected.land} land and ${f.expected.river} river tiles: the tile set does not match.`)
		);
	};
}

/** The document's checks, run by its module's setup after the held tiles are dealt (none: hooks unchanged). */
export function withChecks(
	e: Expansion,
	checks: readonly DataRule[],
	hooks: Partial<Hooks>,
	state: (engine: Engine) => DataState
): void {
	if (!checks.length) return;
	const held = (e.dataRules?.steps ?? []).filter((s): s is HeldTileStep => s.type === 'held-tile');
	const runs = checks.map((r) => checkOf(e, r, held));
	const before = hooks.setup;
	hooks.setup = (engine) => {
		before?.(engine);
		for (const run of runs) run(engine, state(engine));
	};
}
