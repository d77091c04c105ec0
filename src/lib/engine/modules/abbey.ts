// The abbey (Abbey & Mayor): each player's abbey tile, placed instead of drawing a land tile, only
// in a hole (a space with tiles on all four sides); it fits anything, closes what runs into it
// (board.ts: a wildcard tile) and is a monastery a monk may go on. Once the last land tile is placed
// the players still holding theirs may place it, in turn order (ruling AM-R5). A TypeScript module,
// not data: it changes the turn's sequence (a choice before the draw, a round after the last tile),
// which the rules-as-data language does not describe (docs/rules-as-data.md).
import { placementRefusal, putTile } from '../board.ts';
import { pack, unpackX, unpackY, SIDE_STEP } from '../cells.ts';
import { tileAt } from '../board-index.ts';
import { tilesLeft } from '../bag.ts';
import { emit } from '../events.ts';
import { playerName } from '../scoring.ts';
import { filled } from '../arrays.ts';
import { PHASE_DRAW, PHASE_TURN_START } from '../phases.ts';
import type { Engine, GameState, Move, Refusal, RuleModule, Step } from '../types.ts';

export const ABBEY = 'abbey';
/** The abbey's tile: found by its key, so that a game may hold other tiles that fit anything (the town hall). */
export const ABBEY_TILE = 'abbey-and-mayor/abbey';

export interface AbbeyState {
	/** The abbey's compiled tile index (-1: not in this game's tiles). */
	tile: number;
	/** Abbeys each player still holds. */
	held: number[];
	/** After the last land tile: the players still to be asked, in turn order (null before). */
	round: number[] | null;
}

export const abbeyState = (state: GameState): AbbeyState | undefined =>
	state.moduleState[ABBEY] as AbbeyState | undefined;

/** Abbeys still held, for the tile count of the invariants. */
export const abbeysHeld = (state: GameState): number =>
	abbeyState(state)?.held.reduce((a, b) => a + b, 0) ?? 0;

/** Is the empty cell (x, y) a hole: a tile on each of its four sides? (AM-5.1.2) */
function isHole(engine: Engine, x: number, y: number): boolean {
	const cell = pack(x, y);
	for (let side = 0; side < 4; side++) if (tileAt(engine, cell + SIDE_STEP[side]) < 0) return false;
	return true;
}

/** The holes the abbey may go in now (other modules may still refuse a placement, the river's). */
function holes(engine: Engine, out: Move[] | null): boolean {
	const state = engine.state;
	const a = abbeyState(state)!;
	let any = false;
	for (let i = 0; i < state.front.length; i++) {
		const x = unpackX(state.front[i]);
		const y = unpackY(state.front[i]);
		// all four edges required, or a side against a tile that fits anything (which requires none)
		if (state.frontMask[i] !== 0xffff && !isHole(engine, x, y)) continue;
		if (placementRefusal(engine, a.tile, x, y, 0)) continue;
		if (!out) return true;
		out.push({ type: 'abbey', x, y });
		any = true;
	}
	return any;
}

function abbeyMoves(engine: Engine, _step: Step, out: Move[]): void {
	holes(engine, out);
	out.push({ type: 'pass' });
}

/** Does the player hold an abbey and is there a hole for it? */
const offered = (engine: Engine, player: number): boolean =>
	(abbeyState(engine.state)?.held[player] ?? 0) > 0 && holes(engine, null);

function abbeyMove(
	engine: Engine,
	move: { type: string; x: number; y: number },
	step: Step
): Refusal | null {
	const state = engine.state;
	const a = abbeyState(state)!;
	if (a.held[step.player] <= 0)
		return {
			code: 'no-abbey',
			message: `${playerName(engine, step.player)} has already placed their abbey`,
			rules: ['AM-5.1.1']
		};
	const r = placementRefusal(engine, a.tile, move.x, move.y, 0);
	if (r) return { ...r, rules: [...r.rules, 'AM-5.1.2'] };
	if (!isHole(engine, move.x, move.y))
		return {
			code: 'not-a-hole',
			message: `(${move.x},${move.y}) is no hole: the abbey goes only where tiles lie on all four sides`,
			rules: ['AM-5.1.2']
		};
	const b = putTile(engine, a.tile, move.x, move.y, 0);
	a.held[step.player]--;
	state.placed = b;
	state.tile = -1;
	state.phase = PHASE_DRAW; // no tile is drawn: go on with the placement phase
	// a town hall offered this turn too (Messengers & Mayors) is not placed as well
	state.pending = state.pending.filter((s) => s.kind !== 'turn' || s.player !== step.player);
	const end = step.kind === 'abbey-end';
	emit(
		engine,
		{
			type: 'place',
			rules: end
				? ['AM-5.1.5', 'AM-R5', 'AM-5.1.2', 'AM-5.1.3']
				: ['AM-5.1.1', 'AM-5.1.2', 'AM-5.1.3'],
			player: step.player,
			tile: engine.rules.tiles[a.tile].key,
			x: move.x,
			y: move.y,
			rotation: 0,
			abbey: true,
			end
		},
		() =>
			`${playerName(engine, step.player)} places their abbey in the hole at (${move.x},${move.y})${end ? ' after the last land tile' : ' instead of drawing a tile'}; it closes every road and city that runs into it.`
	);
	return null;
}

export const abbey: RuleModule = {
	id: ABBEY,
	name: 'Abbey',
	rules: {
		'AM-5.1.1':
			'Each player has one abbey tile. Instead of drawing and placing a land tile, a player may place their abbey.',
		'AM-5.1.2':
			'The abbey goes only in a hole: an empty space with a tile on each of its four sides. It fits whatever those sides show; with no hole the abbey cannot be placed.',
		'AM-5.1.3':
			'The abbey closes every road and city that runs into it (and borders the fields); what it completes is scored as usual.',
		'AM-5.1.4':
			'The abbey is a monastery: the player may place a follower on it as a monk (not on the neighbouring tiles), and it scores as a monastery.',
		'AM-5.1.5':
			'Once the last land tile has been placed, each player still holding an abbey may place it, in turn order starting with the player after the one who placed the last tile; then the game ends.'
	},
	rulings: [
		{
			id: 'AM-R5',
			description: 'May abbeys still be placed after the last land tile?',
			default: 'final-round',
			options: {
				'final-round':
					'yes: one round in turn order from the next player (AM-5.1.5; JCloisterZone too); these placements are no turns of their own, so the fairy gives no point at their start (JCloisterZone’s final round skips the fairy too)',
				no: 'no: an abbey goes only instead of a drawn tile, and none is left to draw'
			},
			rules: ['AM-5.1.5']
		},
		{
			id: 'AM-R6',
			description: 'Are the abbeys in play? (JCloisterZone’s abbey element.)',
			default: 'one-each',
			options: { 'one-each': 'yes, one per player (AM-5.1.1)', none: 'no abbeys' },
			rules: ['AM-5.1.1']
		}
	],
	steps: {
		abbey: {
			accepts: ['abbey', 'pass'],
			describe: 'place the abbey or draw a tile',
			moves: abbeyMoves,
			pass: (engine, step) => ({
				text: `${playerName(engine, step.player)} keeps the abbey and draws a tile.`,
				rules: ['AM-5.1.1']
			})
		},
		'abbey-end': {
			accepts: ['abbey', 'pass'],
			describe: 'place the abbey after the last tile or not',
			moves: abbeyMoves,
			pass: (engine, step) => ({
				text: `${playerName(engine, step.player)} does not place their abbey.`,
				rules: ['AM-5.1.5', 'AM-R5']
			})
		}
	},
	moves: { abbey: abbeyMove },
	// AM-5.1.4 is the monastery's own scoring; R5 is read at setup
	uncited: ['AM-5.1.4', 'AM-R6'],
	onlyWhen: {
		'AM-5.1.5': { rulings: { 'AM-R5': ['final-round'] } },
		'AM-R5': { rulings: { 'AM-R5': ['final-round'] } }
	},
	hooks: {
		setup(engine) {
			const state = engine.state;
			const rules = engine.rules;
			const tile = rules.tileIndex.get(ABBEY_TILE) ?? -1;
			const each = tile >= 0 && rules.rulings['AM-R6'] !== 'none' ? 1 : 0;
			const a: AbbeyState = { tile, held: filled(state.players.length, each), round: null };
			state.moduleState[ABBEY] = a;
			// the abbeys are held, never drawn
			if (tile >= 0)
				for (const p of state.piles) {
					p.tiles = p.tiles.filter((t) => t !== tile);
					p.last = p.last.filter((t) => t !== tile);
				}
		},
		turnStart(engine) {
			const state = engine.state;
			if (tilesLeft(state) > 0 && offered(engine, state.active))
				state.pending.push({ kind: 'abbey', player: state.active });
		},
		noTile(engine) {
			const state = engine.state;
			const a = abbeyState(state);
			if (!a || a.tile < 0 || engine.rules.rulings['AM-R5'] === 'no') return false;
			const n = state.players.length;
			// the round starts with the player whose turn it is now: the one after the last tile's
			a.round ??= Array.from({ length: n }, (_, i) => (state.active + i) % n);
			while (a.round.length) {
				const p = a.round.shift()!;
				if (!offered(engine, p)) continue;
				state.active = p;
				state.phase = PHASE_TURN_START; // a pass asks the next player (the draw finds no tile again)
				state.pending.push({ kind: 'abbey-end', player: p });
				return true;
			}
			return false;
		}
	}
};
