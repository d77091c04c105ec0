// Messengers & Mayors' rules in our own words (ids MM-*, from the published rules) and its rulings:
// MM-R1…R8 from the rules, MM-R9…R14 ours.
import type { RulingDef } from '../../types.ts';

export const rules: Record<string, string> = {
	'MM-SETUP-1':
		'Each player gets a mayor, a messenger and a scarecrow in their colour and one town hall tile.',
	'MM-SETUP-2':
		'The new land tiles, marked with a small mayor symbol, are shuffled into the land tiles.',
	'MM-SETUP-3':
		'The waterfall river tile joins the river tiles when The River is played and stays in the box otherwise.',
	'MM-TURN-2':
		'Mayor, messenger and scarecrow are followers, each placed instead of a normal follower on the tile just placed.',
	'MM-MAYOR-1':
		'The mayor goes into a city of the tile just placed, even one that already holds followers or mayors.',
	'MM-MAYOR-2': 'A normal follower may not go into a city that holds a mayor.',
	'MM-MAYOR-3':
		'When any tile placement surrounds the mayor’s tile on all four sides, its owner may use its ability at once.',
	'MM-MAYOR-4':
		'Ability: with a normal follower in supply, replace an opponent’s normal follower in the mayor’s city by one of your own; the replaced one goes home.',
	'MM-MAYOR-5': 'After a trigger the mayor goes back to supply, ability used or not.',
	'MM-MAYOR-6': 'Mayors triggered together resolve clockwise from the active player.',
	'MM-MAYOR-7':
		'A mayor has strength 0: alone it scores its city, but any opponent’s normal follower takes the city from it.',
	'MM-MAYOR-8':
		'The mayor goes home after its city is scored; one that used its ability this turn no longer counts.',
	'MM-MAYOR-9': 'The mayor takes part in final scoring with strength 0.',
	'MM-HALL-5':
		'Crisis meeting: mayors on tiles beside a new town hall go home at once, without their ability.',
	'MM-CROW-1':
		'The scarecrow goes into a field of the tile just placed, even one that already holds followers or scarecrows.',
	'MM-CROW-2': 'A farmer may not go into a field that holds a scarecrow.',
	'MM-CROW-3':
		'When a placement surrounds the scarecrow’s tile on four sides: put a follower as farmer in its place and take it back, or lay it down.',
	'MM-CROW-4': 'Using neither ability sends the scarecrow back to supply.',
	'MM-CROW-5': 'Scarecrows triggered together resolve clockwise from the active player.',
	'MM-CROW-6':
		'In fields a lying scarecrow has strength 1, a standing one 0; fields score as usual.'
};

export const rulings: RulingDef[] = [
	{
		id: 'MM-R1',
		description:
			'Who scores a feature when the highest strength on it is 0 (only mayors or standing scarecrows).',
		default: 'zero-strength-all-score',
		options: {
			'zero-strength-all-score': 'every player with a follower there scores (gives MM-MAYOR-7)',
			'strength-above-zero': 'nobody: the official “strength above 0” condition (BASE-1.6.1)'
		},
		rules: ['MM-MAYOR-7', 'MM-CROW-6', 'BASE-1.6.1']
	},
	{
		id: 'MM-R2',
		description: 'When mayors and scarecrows triggered by a tile placement resolve.',
		default: 'before-placement-and-scoring',
		options: {
			'before-placement-and-scoring': 'at once, before the follower placement and scoring',
			'after-placement': 'after the follower placement, before scoring',
			'after-scoring': 'after that turn’s scoring'
		},
		rules: ['MM-MAYOR-3', 'MM-CROW-3']
	},
	{
		id: 'MM-R6',
		description:
			'Which tiles the 12 mayor-symbol tiles are (checked against the tile set at setup).',
		default: 'eleven-land-one-river',
		options: {
			'eleven-land-one-river': '11 land tiles and the waterfall river tile',
			'twelve-land-and-river': '12 land tiles plus the waterfall river tile'
		},
		rules: ['MM-SETUP-2']
	},
	{
		id: 'MM-R7',
		description: 'Does a town hall count as a neighbour for mayor and scarecrow triggers?',
		default: 'counts-as-neighbour',
		options: {
			'counts-as-neighbour': 'yes (a mayor beside a new town hall leaves first, MM-HALL-5)',
			'not-a-neighbour': 'no: only land tiles surround a figure'
		},
		rules: ['MM-MAYOR-3', 'MM-CROW-3', 'MM-HALL-5']
	},
	{
		id: 'MM-R8',
		description:
			'Does a follower placed by an ability (mayor’s favour, scarecrow’s farmer) use up the active player’s placement?',
		default: 'extra-placement',
		options: {
			'extra-placement': 'no: it comes on top of the turn’s placement',
			'uses-placement': 'yes: the active player then places no figure this turn'
		},
		rules: ['MM-MAYOR-4', 'MM-CROW-3', 'BASE-1.4.1']
	},
	{
		id: 'MM-R11',
		description:
			'A mayor or scarecrow placed on a tile that is already surrounded on four sides (it filled a hole).',
		default: 'no-trigger',
		options: {
			'no-trigger': 'no trigger: only a later tile completing the surroundings triggers',
			triggers: 'it triggers at once, before scoring'
		},
		rules: ['MM-MAYOR-3', 'MM-CROW-3']
	},
	{
		id: 'MM-R12',
		description: 'Order of mayors and scarecrows triggered by the same tile.',
		default: 'by-player',
		options: {
			'by-player': 'clockwise by player, each player’s mayor before their scarecrow',
			'mayors-first': 'all mayors clockwise, then all scarecrows clockwise'
		},
		rules: ['MM-MAYOR-6', 'MM-CROW-5']
	},
	{
		id: 'MM-R13',
		description: 'Which opponent figures a mayor’s favour may replace.',
		default: 'normal-followers',
		options: {
			'normal-followers': 'normal followers only (not large meeples, messengers or mayors)',
			'any-follower': 'any follower figure of an opponent'
		},
		rules: ['MM-MAYOR-4']
	},
	{
		id: 'MM-R14',
		description:
			'Does a scarecrow let its owner put a pig in its field (the pig needs an own farmer)?',
		default: 'scarecrow-counts',
		options: {
			'scarecrow-counts': 'yes: the scarecrow is a follower (MM-TURN-2)',
			'farmers-only': 'no: only a normal farmer or a large meeple does'
		},
		rules: ['MM-TURN-2', 'PIG-6.1.1']
	}
];
