// Messengers & Mayors' rule texts and rulings still stated by its module (MM-SETUP-*, MM-R6); the
// others are its document's (expansions/messengers-and-mayors.json).
import type { RulingDef } from '../../types.ts';

export const rules: Record<string, string> = {
	'MM-SETUP-1':
		'Each player gets a mayor, a messenger and a scarecrow in their colour and one town hall tile.',
	'MM-SETUP-2':
		'The new land tiles, marked with a small mayor symbol, are shuffled into the land tiles.',
	'MM-SETUP-3':
		'The waterfall river tile joins the river tiles when The River is played and stays in the box otherwise.'
};

export const rulings: RulingDef[] = [
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
	}
];
