// Sample tiles covering every shape the renderer draws: the base game's letters A–X and one of each
// special (bridge, cathedral, inn, town hall, garden, stable, icons). Used by the renderer's tests and
// as a gallery; the real sets live in expansions/.
import { HALVES, type Tile } from '../formats/geometry.ts';

type F = Tile['features'][number];
const fld = (id: string, halves: string[], cities: string[] = []): F =>
	({ id, type: 'field', halves, ...(cities.length ? { cities } : {}) }) as F;
const city = (id: string, sides: string[], modifiers?: F['modifiers'], crosses?: string[]): F =>
	({
		id,
		type: 'city',
		sides,
		...(modifiers ? { modifiers } : {}),
		...(crosses ? { crosses } : {})
	}) as F;
const road = (id: string, sides: string[], modifiers?: F['modifiers'], crosses?: string[]): F =>
	({
		id,
		type: 'road',
		sides,
		...(modifiers ? { modifiers } : {}),
		...(crosses ? { crosses } : {})
	}) as F;
const river = (id: string, sides: string[]): F => ({ id, type: 'river', sides }) as F;
const t = (id: string, features: F[], extra: Partial<Tile> = {}): Tile => ({
	id,
	count: 1,
	features,
	...extra
});
const ALL: string[] = [...HALVES];
const P = { pennants: 1 };

export const BASE_SAMPLES: Tile[] = [
	t('A', [{ id: 'm', type: 'monastery' }, road('r', ['S']), fld('f', ALL)]),
	t('B', [{ id: 'm', type: 'monastery' }, fld('f', ALL)]),
	t('C', [city('c', ['N', 'E', 'S', 'W'], P)]),
	t(
		'D',
		[
			city('c', ['N']),
			road('r', ['E', 'W']),
			fld('f1', ['EL', 'WR'], ['c']),
			fld('f2', ['ER', 'SL', 'SR', 'WL'])
		],
		{ role: 'start' }
	),
	t('E', [city('c', ['N']), fld('f', ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], ['c'])]),
	t('F', [
		city('c', ['E', 'W'], P),
		fld('f1', ['NL', 'NR'], ['c']),
		fld('f2', ['SL', 'SR'], ['c'])
	]),
	t('G', [city('c', ['N', 'S']), fld('f1', ['EL', 'ER'], ['c']), fld('f2', ['WL', 'WR'], ['c'])]),
	t('H', [city('c1', ['E']), city('c2', ['W']), fld('f', ['NL', 'NR', 'SL', 'SR'], ['c1', 'c2'])]),
	t('I', [city('c1', ['N']), city('c2', ['W']), fld('f', ['EL', 'ER', 'SL', 'SR'], ['c1', 'c2'])]),
	t('J', [
		city('c', ['N']),
		road('r', ['E', 'S']),
		fld('f1', ['EL', 'SR', 'WL', 'WR'], ['c']),
		fld('f2', ['ER', 'SL'])
	]),
	t('K', [
		city('c', ['N']),
		road('r', ['S', 'W']),
		fld('f1', ['EL', 'ER', 'SL', 'WR'], ['c']),
		fld('f2', ['SR', 'WL'])
	]),
	t('L', [
		city('c', ['N']),
		road('r1', ['E']),
		road('r2', ['S']),
		road('r3', ['W']),
		fld('f1', ['EL', 'WR'], ['c']),
		fld('f2', ['ER', 'SL']),
		fld('f3', ['SR', 'WL'])
	]),
	t('M', [city('c', ['N', 'W'], P), fld('f', ['EL', 'ER', 'SL', 'SR'], ['c'])]),
	t('N', [city('c', ['N', 'W']), fld('f', ['EL', 'ER', 'SL', 'SR'], ['c'])]),
	t('O', [
		city('c', ['N', 'W'], P),
		road('r', ['E', 'S']),
		fld('f1', ['EL', 'SR'], ['c']),
		fld('f2', ['ER', 'SL'])
	]),
	t('P', [
		city('c', ['N', 'W']),
		road('r', ['E', 'S']),
		fld('f1', ['EL', 'SR'], ['c']),
		fld('f2', ['ER', 'SL'])
	]),
	t('Q', [city('c', ['N', 'E', 'W'], P), fld('f', ['SL', 'SR'], ['c'])]),
	t('R', [city('c', ['N', 'E', 'W']), fld('f', ['SL', 'SR'], ['c'])]),
	t('S', [
		city('c', ['N', 'E', 'W'], P),
		road('r', ['S']),
		fld('f1', ['SL'], ['c']),
		fld('f2', ['SR'], ['c'])
	]),
	t('T', [
		city('c', ['N', 'E', 'W']),
		road('r', ['S']),
		fld('f1', ['SL'], ['c']),
		fld('f2', ['SR'], ['c'])
	]),
	t('U', [
		road('r', ['N', 'S']),
		fld('f1', ['NR', 'EL', 'ER', 'SL']),
		fld('f2', ['SR', 'WL', 'WR', 'NL'])
	]),
	t('V', [
		road('r', ['S', 'W']),
		fld('f1', ['SR', 'WL']),
		fld('f2', ['NL', 'NR', 'EL', 'ER', 'SL', 'WR'])
	]),
	t('W', [
		road('r1', ['E']),
		road('r2', ['S']),
		road('r3', ['W']),
		fld('f1', ['NL', 'NR', 'EL', 'WR']),
		fld('f2', ['ER', 'SL']),
		fld('f3', ['SR', 'WL'])
	]),
	t('X', [
		road('r1', ['N']),
		road('r2', ['E']),
		road('r3', ['S']),
		road('r4', ['W']),
		fld('f1', ['NR', 'EL']),
		fld('f2', ['ER', 'SL']),
		fld('f3', ['SR', 'WL']),
		fld('f4', ['WR', 'NL'])
	])
];

const quarters = [
	fld('f1', ['NR', 'EL']),
	fld('f2', ['ER', 'SL']),
	fld('f3', ['SR', 'WL']),
	fld('f4', ['WR', 'NL'])
];

export const SPECIAL_SAMPLES: Tile[] = [
	t('river-bridge', [river('w', ['N', 'S']), road('r', ['E', 'W'], undefined, ['w']), ...quarters]),
	t('river-curve-city', [
		river('w', ['E', 'S']),
		city('c', ['N']),
		fld('f1', ['EL', 'SR', 'WL', 'WR'], ['c']),
		fld('f2', ['ER', 'SL'])
	]),
	t('spring', [river('w', ['S']), fld('f', ALL)], { role: 'spring' }),
	t('lake', [river('w', ['N']), fld('f', ALL)], { role: 'lake' }),
	t('cathedral', [city('c', ['N', 'E', 'S', 'W'], { cathedral: true })]),
	t('inn', [
		road('r', ['N', 'S'], { inn: true }),
		fld('f1', ['NR', 'EL', 'ER', 'SL']),
		fld('f2', ['SR', 'WL', 'WR', 'NL'])
	]),
	t('town-hall', [], { wildcard: true, count: { perPlayer: 1 } }),
	t('garden', [
		{ id: 'g', type: 'garden' },
		road('r', ['N', 'E']),
		fld('f1', ['NR', 'EL']),
		fld('f2', ['ER', 'SL', 'SR', 'WL', 'WR', 'NL'])
	]),
	t('stable', [{ id: 's', type: 'stable', modifiers: { livestock: true } }, fld('f', ALL)]),
	t('stable-road', [
		{ id: 's', type: 'stable' },
		road('r', ['E', 'W']),
		fld('f1', ['WR', 'NL', 'NR', 'EL']),
		fld('f2', ['ER', 'SL', 'SR', 'WL'])
	]),
	t('volcano', [fld('f', ALL)], { icons: ['volcano'] }),
	t(
		'dragon',
		[
			road('r', ['N', 'S']),
			fld('f1', ['NR', 'EL', 'ER', 'SL']),
			fld('f2', ['SR', 'WL', 'WR', 'NL'])
		],
		{ icons: ['dragon'] }
	),
	t('princess', [city('c', ['N'], P), fld('f', ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], ['c'])], {
		icons: ['princess']
	}),
	t('portal', [{ id: 'm', type: 'monastery' }, fld('f', ALL)], { icons: ['portal'] }),
	t(
		'lute',
		[
			city('c', ['N']),
			road('r', ['E', 'W']),
			fld('f1', ['EL', 'WR'], ['c']),
			fld('f2', ['ER', 'SL', 'SR', 'WL'])
		],
		{ icons: ['lute'] }
	),
	t(
		'mayor',
		[
			city('c', ['N', 'W']),
			road('r', ['E', 'S']),
			fld('f1', ['EL', 'SR'], ['c']),
			fld('f2', ['ER', 'SL'])
		],
		{ icons: ['mayor'] }
	),
	t('city-bridge', [city('c1', ['N', 'S'], undefined, ['c2']), city('c2', ['E', 'W'])]),
	t('pigs', [
		road('r', ['S', 'W']),
		fld('f1', ['SR', 'WL']),
		{ ...fld('f2', ['NL', 'NR', 'EL', 'ER', 'SL', 'WR']), modifiers: { pigHerd: true } }
	]),
	t(
		'unknowns',
		[
			{ id: 'x', type: 'tower' } as unknown as F,
			city('c', ['N'], { wine: 2 } as F['modifiers']),
			fld('f', ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], ['c'])
		],
		{ icons: ['hill'] }
	)
];
