// The rule templates' picker (rule-templates.ts): each template's title, one line of what its rule
// does in play, the features it offers and what its "with …" blank lists; the rule types no
// template writes, and why. Pure data: the expansion page shows it.
import type { FeatureKind, MarkKind, TemplateKind } from './rule-templates.ts';

/** The templates: a short title, one line of what the rule does, the features and marks each offers. */
export const TEMPLATE_KINDS: readonly {
	kind: TemplateKind;
	words: string;
	/** What the rule does in play, in one line. */
	what: string;
	features: readonly FeatureKind[];
	/** What the "with …" blank lists: modifiers and icons, icons only, modifiers only, or nothing. */
	marks: readonly MarkKind[];
}[] = [
	{
		kind: 'completed',
		words: 'A completed … with … scores more points',
		what: 'A bonus when the feature is completed, per tile or per modifier (as inns and cathedrals).',
		features: ['city', 'road', 'monastery', 'garden'],
		marks: ['modifier', 'icon']
	},
	{
		kind: 'final',
		words: 'At the end, an incomplete … with … scores more, or nothing',
		what: 'A bonus (or nothing) in the final scoring, per tile, modifier or — for a field — completed city (as the pig herd).',
		features: ['city', 'road', 'monastery', 'garden', 'field'],
		marks: ['modifier', 'icon']
	},
	{
		kind: 'around',
		words: 'A monastery or garden completed next to … tiles scores more for each',
		what: 'A bonus for each tile with the icon among the 8 around it (as vineyards).',
		features: ['monastery', 'garden'],
		marks: ['icon']
	},
	{
		kind: 'majority',
		words: 'The player with the most … at the end scores points',
		what: 'Completing a feature earns its tokens; the most tokens score at the end (as goods).',
		features: ['city', 'road', 'monastery'],
		marks: ['modifier']
	},
	{
		kind: 'figure',
		words: 'A figure of strength … that may stand on …',
		what: 'A new figure that counts more (or less) than a follower in a majority (as the large meeple).',
		features: ['road', 'city', 'field', 'monastery', 'garden'],
		marks: []
	},
	{
		kind: 'award',
		words: 'A figure of the expansion on a completed … scores points for its owner',
		what: 'Points for the owner of a figure of the expansion when its feature is completed.',
		features: ['city', 'road', 'monastery'],
		marks: []
	},
	{
		kind: 'builder',
		words: 'A figure that gives its owner another turn',
		what: 'Put beside its owner’s follower; each tile that extends its feature earns a second turn (as the builder).',
		features: ['road', 'city'],
		marks: []
	},
	{
		kind: 'wagon',
		words: 'A follower that moves on when its feature scores',
		what: 'When its feature scores, its owner may move it at once to an open feature within reach (as the wagon).',
		features: ['road', 'city', 'monastery'],
		marks: []
	},
	{
		kind: 'tiebreak',
		words: 'A tie for a majority goes to followers on … tiles',
		what: 'Players tied for a feature: only those with followers on tiles with the icon score (as hills).',
		features: [],
		marks: ['icon']
	},
	{
		kind: 'token',
		words: 'Placing a … tile puts a token on one of its roads or cities',
		what: 'A move: right after the tile with the icon is placed, its player puts a token on it; a completed feature with the token scores more (as a lighthouse).',
		features: ['road', 'city'],
		marks: ['icon']
	},
	{
		kind: 'piece',
		words: 'A figure put with or instead of the turn’s figure on a … of the tile just placed',
		what: 'A move: in the figure step, a piece of a new figure on a part of the tile just placed, with or instead of a follower (as the innkeeper); the award template pays it.',
		features: ['city', 'road', 'monastery', 'field'],
		marks: []
	},
	{
		kind: 'held-tile',
		words: 'A tile each player holds and places instead of drawing',
		what: 'A move: each player holds copies of a tile that fits any neighbour and may place one instead of drawing; the end of the game waits for them (as the town hall).',
		features: [],
		marks: []
	},
	{
		kind: 'random',
		words: 'A neutral figure whose fate a coin from the game’s seed decides',
		what: 'A move: any player may put the neutral figure; the dragon is drawn to it, and a coin tossed from the game’s seed sends it back or out of the game (as Buddo). Plays with the Dragon.',
		features: ['road', 'city', 'monastery'],
		marks: []
	},
	{
		kind: 'act',
		words: 'A figure that, when its road scores, is taken back or rides on',
		what: 'A move: when the completed road holding the figure is scored, its owner takes it back or moves it to an open feature the road ends at (as the messenger).',
		features: [],
		marks: []
	},
	{
		kind: 'surrounded',
		words: 'A figure that acts when its tile is surrounded on its four sides',
		what: 'A move: once tiles lie north, east, south and west of the figure’s tile, its owner lays it down, wins an opponent’s follower there or puts a follower in its place — or takes it back (as the mayor and the scarecrow).',
		features: ['city', 'field', 'road'],
		marks: []
	},
	{
		kind: 'second-figure',
		words: 'A follower a player may place too, after the turn’s figure, on the tile just placed',
		what: 'A move: once the turn’s figure is placed or moved, the player may also put this follower on the tile just placed (as the phantom).',
		features: ['road', 'city', 'monastery', 'field'],
		marks: []
	},
	{
		kind: 'send-home',
		words: 'Placing a … tile lets its player take a figure of theirs back instead of placing one',
		what: 'A move: instead of placing a figure, the player who places a tile with the icon takes one of their own figures on the board back to their supply (as the festival).',
		features: [],
		marks: ['icon']
	},
	{
		kind: 'beneath',
		words: 'A … tile takes tiles of the pile face down beneath it',
		what: 'Placing a tile with the icon takes tiles out of the game, so the game is shorter (as hills).',
		features: [],
		marks: ['icon']
	}
];

/**
 * The rule types of dataRules with no template, and why: a designer writes them with the JSON
 * (docs/editor.md).
 */
export const NO_TEMPLATE: Readonly<Record<string, string>> = {
	wins: 'wins (a figure’s owners score the feature whatever the majority) is the stable owners’ rule, and needs such a figure too',
	title:
		'title (a token held by whoever completed the largest feature of a kind so far, as King & Robber’s king) has no template yet: its cases are a few lines of JSON',
	text: 'text (a sentence for the rule book) is written by the figure template for what a figure does; any other is one line of JSON'
};
