// How the sandbox shows the engine's moves: where on the board a move points (its target) and a
// short label. The moves themselves, and whether they are legal, come from legalMoves only.
import {
	boardPieces,
	boardTileAt,
	figureTypeDescription,
	figureTypeName,
	figureTypeRules,
	moveWords,
	placedTile,
	stepLine,
	stepRules,
	type GameState,
	type Move,
	type RuleInfo
} from '../engine/index.ts';
import { placeName } from './places.ts';
export { listed } from './places.ts';

export interface MoveTarget {
	x: number;
	y: number;
	/** A feature of the tile at (x, y); none for a whole tile (the dragon's step, a town hall). */
	feature?: string;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Where a move points on the board, or null for a move chosen from a list (pass, draw, coin, …). */
export function targetOf(move: Move, state: GameState): MoveTarget | null {
	const m = move as Record<string, unknown>;
	if (m.type === 'place') return null;
	let feature = typeof m.feature === 'string' ? m.feature : undefined;
	if (num(m.x) && num(m.y)) {
		// the abbot's return points at the abbot's own feature on that tile
		if (m.type === 'abbot-return')
			feature = boardPieces(state).find(
				(p) => p.kind === 'abbot' && p.x === m.x && p.y === m.y
			)?.feature;
		return { x: m.x, y: m.y, ...(feature ? { feature } : {}) };
	}
	const placed = placedTile(state);
	return feature && placed ? { x: placed.x, y: placed.y, feature } : null;
}

const FIGURE_NAMES: Record<string, string> = {
	follower: 'Follower',
	large: 'Large meeple',
	abbot: 'Abbot',
	pig: 'Pig'
};

/** A figure's name: the sandbox's own short names, else the game's documents' (with `state`), else its id. */
export const figureName = (kind: string, state?: GameState): string =>
	FIGURE_NAMES[kind] ??
	(state && figureTypeName(state, kind)) ??
	kind.charAt(0).toUpperCase() + kind.slice(1);

/**
 * Where a target is, in words: "the city, north" on the tile just placed, "the road, east and west
 * of the tile at (0,-1)" elsewhere, "(2,1)" for a whole cell (places.ts reads the feature's geometry).
 */
export function targetWords(state: GameState, t: MoveTarget): string {
	const cell = `(${t.x},${t.y})`;
	if (!t.feature) return cell;
	const tile = boardTileAt(state, t.x, t.y);
	const placed = placedTile(state);
	const here = placed?.x === t.x && placed?.y === t.y;
	const name = tile ? placeName(tile.def, t.feature, tile.rotation) : `feature ${t.feature}`;
	return here ? name : `${name} of the tile at ${cell}`;
}

/** A short label for a move, in the board's terms. */
export function moveLabel(move: Move, state: GameState): string {
	const m = move as Record<string, unknown>;
	const t = targetOf(move, state);
	const where = t ? targetWords(state, t) : '';
	const name = (p: unknown) => (num(p) ? (state.players[p] ?? `player ${p}`) : 'neutral');
	const step = state.pending[0];
	// the figure a move-on step is about (a data figure with moveOn: Abbey & Mayor's wagon)
	const moving = figureName(String(step?.data?.figure ?? 'figure'), state).toLowerCase();
	switch (m.type) {
		case 'pass':
			return step?.kind === 'move-on'
				? `Pass (keep the ${moving} in supply)`
				: (PASS_LABEL[step?.kind ?? ''] ?? 'Pass (no figure)');
		case 'move-on':
			return `Move the ${moving} on to ${where}`;
		case 'place':
			return `Place at (${m.x},${m.y}), rotation ${m.rotation}`;
		case 'pick':
			return `Pick ${m.tile}`;
		case 'deploy':
			return `${figureName(String(m.figure), state)} on ${where}`;
		case 'abbot-return':
			return `Take the abbot back from ${where}`;
		case 'fairy':
			// on a tile (ruling DRAGON-R7 = on-tile) the move names no feature
			return m.feature === undefined
				? `Fairy onto the tile (${m.x},${m.y})`
				: `Fairy next to the follower on ${where}`;
		case 'portal':
			return `${figureName(String(m.figure))} through the magic portal on ${where}`;
		case 'princess':
			return `Princess: send ${name(m.owner)}'s ${figureName(String(m.figure)).toLowerCase()} on ${where} home`;
		case 'dragon':
			return `Dragon to (${m.x},${m.y})`;
		case 'abbey':
			return `Abbey at (${m.x},${m.y})`;
		case 'draw':
			return 'Draw a tile';
		case 'flock':
			return m.choice === 'expand'
				? 'Flock: draw a token from the bag'
				: 'Flock: drive it to market (score)';
		default: {
			// a data step's move in its document's words: a held tile's placement, a figure's choice
			const words = moveWords(state, move);
			if (words)
				return words.choice === undefined
					? `${words.what} at (${m.x},${m.y})`
					: `${words.what}: ${words.choice}${where ? ` — ${where}` : ''}`;
			// a data step's outcome entered by the player (a random step's: "Coin: heads")
			if (typeof m.result === 'string' && Object.keys(m).length === 2)
				return `${String(m.type).charAt(0).toUpperCase()}${String(m.type).slice(1)}: ${m.result}`;
			// a data step's move putting a figure or token of its name (a token step's: "Note token on …")
			if (t?.feature && figureTypeName(state, String(m.type)))
				return `${figureName(String(m.type), state)} on ${where}`;
			const rest = Object.entries(m)
				.filter(([k]) => k !== 'type')
				.map(([k, v]) => `${k} ${String(v)}`)
				.join(', ');
			return `${String(m.type)}${rest ? ` (${rest})` : ''}`;
		}
	}
}

/** What a pass means at the steps where it is no figure declined (the abbey's). */
const PASS_LABEL: Record<string, string> = {
	abbey: 'Keep the abbey: draw a tile',
	'abbey-end': 'Keep the abbey (do not place it)'
};

/** What a kind of move places, in words ("town hall" for a town-hall move): the panel's term. */
export const moveThing = (move: Move): string => String(move.type).replace(/-/g, ' ');

/** Two moves are the same move (the engine's moves are flat objects). */
export function sameMove(a: Move, b: Move): boolean {
	const ka = Object.keys(a);
	if (ka.length !== Object.keys(b).length) return false;
	return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * What a figure is and does, in words, with rules that say more than its definition cites (the
 * legend and tooltips take the rules from `figureHelp`: the definition's first).
 */
export const FIGURE_HELP: Record<string, { text: string; rules?: string[] }> = {
	follower: {
		text: 'A follower: on a road a thief, in a city a knight, in a monastery a monk, in a field a farmer. Scores the feature for its owner.',
		rules: ['BASE-1.4.1']
	},
	large: {
		text: 'The large meeple counts as two followers when the majority is counted.'
	},
	abbot: {
		text: 'The abbot stands in a monastery or garden; it may be taken back early for the points it would score then.',
		rules: ['ABBOT-6.2.1', 'ABBOT-6.2.3']
	},
	pig: {
		text: 'The pig, in a field with a farmer of its owner, adds 1 point per completed city at the end.',
		rules: ['PIG-6.1.1', 'PIG-6.1.2']
	},
	dragon: {
		text: 'The dragon (neutral) moves over the board and eats the figures on the tiles it enters.',
		rules: ['DRAGON-4.4.1', 'DRAGON-4.4.3']
	},
	fairy: {
		text: 'The fairy stands next to a follower: that follower cannot be eaten, and its owner scores 1 point at the start of each turn.',
		rules: ['DRAGON-4.5.1', 'DRAGON-4.5.2']
	}
};

/**
 * What a figure is and does, with the rules behind it: those its definition in the game's rules
 * cites (the expansion's data or module: the large meeple's IC-2.3), then the sandbox's own.
 */
export function figureHelp(
	kind: string,
	state?: GameState
): { text: string; rules: string[] } | undefined {
	const help = FIGURE_HELP[kind];
	const defined = state ? figureTypeRules(state, kind) : [];
	if (!help && !defined.length) return undefined;
	const rules = [...new Set([...defined, ...(help?.rules ?? [])])];
	const text =
		help?.text ??
		(state && figureTypeDescription(state, kind)) ??
		'A figure of the expansions in play.';
	return { text, rules };
}

/** What a move does, in words, and the rules behind it (a tooltip gives their text). */
export function moveHelp(
	move: Move,
	book: ReadonlyMap<string, RuleInfo>,
	state?: GameState
): { text: string; rules: string } {
	const m = move as Record<string, unknown>;
	// a move-on step's pass keeps its figure (Abbey & Mayor's wagon) in supply, under its own rules
	const step = state?.pending[0];
	const onward = step?.kind === 'move-on' ? step.data : undefined;
	const by: Record<string, [string, string[]]> = {
		pass: onward
			? [
					`Leave the ${figureName(String(onward.figure), state).toLowerCase()} in supply.`,
					(onward.rules as string[] | undefined) ?? []
				]
			: step?.kind === 'abbey'
				? ['Keep your abbey for later and draw a land tile as usual.', ['AM-5.1.1']]
				: step?.kind === 'abbey-end'
					? ['Do not place your abbey: the game goes on to the next player or ends.', ['AM-5.1.5']]
					: ['Place no figure this turn.', ['BASE-1.4.1']],
		abbey: [
			'Place your abbey in this hole instead of drawing a tile (once a game): it fits anything, closes the roads and cities that run into it, and is a monastery for a monk.',
			['AM-5.1.1', 'AM-5.1.2', 'AM-5.1.3', 'AM-5.1.4']
		],
		draw: ['Draw a land tile and place it.', ['BASE-1.2.1']],
		'move-on': [
			'Its feature scored: put the figure on this unoccupied, incomplete feature within reach instead of taking it back.',
			['AM-5.3.2']
		],
		portal: [
			'Instead of placing a follower on this tile, place it on this unoccupied, incomplete feature of another tile.',
			['DRAGON-4.7.1']
		],
		princess: [
			'Instead of placing a figure, the princess sends this knight of her city back to its owner’s supply.',
			['DRAGON-4.6.1', 'DRAGON-R5']
		],
		'abbot-return': [
			'Take the abbot back now: its monastery or garden scores as it stands.',
			['ABBOT-6.2.3']
		],
		dragon: [
			'Move the dragon one tile on: it eats the figures there.',
			['DRAGON-4.4.2', 'DRAGON-4.4.3']
		],
		fairy:
			m.feature === undefined
				? [
						'Put the fairy on this tile of one of your followers: the dragon cannot enter it; 1 point per figure of yours on it at the start of your turns.',
						['DRAGON-4.5.1', 'DRAGON-4.5.2', 'DRAGON-R7']
					]
				: [
						'Put the fairy next to this follower: protected from the dragon, 1 point at the start of your turns.',
						['DRAGON-4.5.1', 'DRAGON-4.5.2']
					]
	};
	// a data step's move in its document's words (a held tile, a figure's choice)
	const words =
		state && m.type !== 'deploy' && !by[String(m.type)] ? moveWords(state, move) : undefined;
	const figure = words
		? undefined
		: m.type === 'deploy'
			? figureHelp(String(m.figure), state)
			: state && !by[String(m.type)] && figureTypeName(state, String(m.type))
				? figureHelp(String(m.type), state)
				: undefined;
	// a data step's move (a random step's outcome): what the step decides and the rule it plays
	const stepped: [string, string[]] | undefined =
		state && step?.kind === m.type ? [`${stepLine(state)}.`, stepRules(state)] : undefined;
	const [text, rules] = words
		? [words.text, words.rules]
		: figure
			? [figure.text, figure.rules]
			: (by[String(m.type)] ?? stepped ?? ['', []]);
	const known = rules.filter((r) => book.has(r));
	return { text, rules: known.map((r) => `${r}: ${book.get(r)!.text}`).join('\n') };
}

/** The figures and tokens on the tile at (x, y), in words: whose, what, where, what it does (the board's tooltip). */
export function piecesAt(
	state: GameState,
	x: number,
	y: number,
	book: ReadonlyMap<string, RuleInfo>
): string {
	const tile = boardTileAt(state, x, y);
	if (!tile) return '';
	const parts = boardPieces(state)
		.filter((p) => p.x === x && p.y === y)
		.map((p) => {
			const whose =
				p.owner >= 0
					? `${state.players[p.owner]}'s ${figureName(p.kind, state).toLowerCase()}`
					: `${figureName(p.kind, state)} (nobody's)`;
			const place = placeName(tile.def, p.feature, tile.rotation);
			const help = figureHelp(p.kind, state);
			const rules = help?.rules.filter((r) => book.has(r)) ?? [];
			return `${whose}${p.lying ? ', lying' : ''} on ${place}${help ? ` — ${help.text}` : ''}${rules.length ? ` (${rules.join(', ')})` : ''}`;
		});
	const name = tile.def.name ?? tile.key;
	return parts.length ? `(${x},${y}) ${name}: ${parts.join('; ')}` : `(${x},${y}) ${name}`;
}
