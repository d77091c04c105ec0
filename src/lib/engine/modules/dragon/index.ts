// The Princess & the Dragon, as far as the dragon needs: volcanoes bring the dragon in (no figure
// on them), dragon tiles wait until a volcano is out, then make the dragon take up to 6 single
// steps, players in turn clockwise from the active one, never revisiting a tile in one movement,
// never onto a tile another module keeps it off (the fairy, a marker step of dragon.json: its
// dragonEnter hook); every figure on an entered tile is eaten. The princess: a send-home step
// of dragon.json; the magic portal: ../portal.ts.
import { pack } from '../../cells.ts';
import { shuffleBack } from '../../bag.ts';
import { emit } from '../../events.ts';
import type { Move, RuleModule } from '../../types.ts';
import { dragonMove, dragonMoves, listedTargets, startMovement } from './movement.ts';
import { D, dragonInPlay, hasIcon, ICON_DRAGON, ICON_VOLCANO, type DragonState } from './state.ts';

export const dragon: RuleModule = {
	id: 'dragon',
	name: 'The Princess & the Dragon (the dragon)',
	rules: {
		'DRAGON-4.2.1':
			'No figure may be placed on a volcano tile in the turn it is placed (the fairy may still be moved).',
		'DRAGON-4.2.2': 'Each volcano placed makes the dragon fly onto it; landing eats nothing.',
		'DRAGON-4.3.1': 'The dragon starts off the board.',
		'DRAGON-4.3.2':
			'A dragon tile drawn before any volcano is out is set aside and drawn again later: it is shuffled back when the dragon arrives.',
		'DRAGON-4.4.1':
			'A dragon tile is placed normally, a figure may go on it, then the dragon moves.',
		'DRAGON-4.4.2':
			'The dragon makes up to 6 single orthogonal steps, players moving it in turn clockwise from the active player.',
		'DRAGON-4.4.3':
			'It may not enter a tile it visited in this movement (its start included) nor the fairy’s tile.',
		'DRAGON-4.4.4': 'With no tile it may enter, its movement ends early.',
		'DRAGON-4.4.5': 'Every figure on a tile the dragon enters returns to its owner’s supply.',
		'DRAGON-4.4.6': 'The dragon stays where it stopped until the next volcano or dragon tile.',
		'DRAGON-4.4.7': 'No figure may be placed on the tile the dragon occupies.',
		'DRAGON-4.4.8':
			'Order: place the tile (volcano: dragon flies), figure or fairy, dragon movement, scoring.'
	},
	rulings: [
		{
			id: 'DRAGON-R1',
			description: 'When the dragon moves in a dragon-tile turn.',
			default: 'before-scoring',
			options: {
				'before-scoring': 'after the figure step, before scoring (C2 order)',
				'after-scoring': 'after scoring (older summaries)'
			},
			rules: ['DRAGON-4.4.8']
		},
		{
			id: 'DRAGON-R4',
			description:
				'Which of the neutral figures are in play? (JCloisterZone’s game setup chooses the dragon and the fairy one by one.)',
			default: 'dragon-and-fairy',
			options: {
				'dragon-and-fairy': 'both, as the expansion comes',
				'dragon-only': 'the dragon; no fairy',
				'fairy-only': 'the fairy; no dragon (volcano and dragon tiles are plain tiles)',
				neither: 'neither: the tiles are plain tiles'
			},
			rules: ['DRAGON-4.2.2', 'DRAGON-4.4.1', 'DRAGON-4.5.1']
		}
	],
	parameters: { dragonSteps: 6 },
	parameterRanges: { dragonSteps: { min: 1, max: 20 } },
	declares: ['dragon'],
	icons: { volcano: 'DRAGON-4.2.2', dragon: 'DRAGON-4.4.2' },
	steps: {
		dragon: {
			accepts: ['dragon'],
			describe: 'move the dragon one step',
			moves(engine, _step, out: Move[]) {
				const state = engine.state;
				const list = listedTargets(engine);
				const m = dragonMoves(engine.rules);
				for (let i = 0; i < list.length; i++) {
					const x = state.boardX[list[i]];
					const y = state.boardY[list[i]];
					const key = pack(x, y);
					let move = m.get(key);
					if (move === undefined) m.set(key, (move = { type: 'dragon', x, y }));
					out.push(move);
				}
			}
		}
	},
	moves: { dragon: dragonMove },
	// DRAGON-4.2.1, 4.4.3 and 4.4.7 are cited when a move is refused
	uncited: [
		'DRAGON-4.2.1',
		'DRAGON-4.3.1',
		'DRAGON-4.4.3',
		'DRAGON-4.4.6',
		'DRAGON-4.4.7',
		'DRAGON-4.4.8'
	],
	// the dragon moves after the figure step or after scoring (DRAGON-R1): only that hook is bound
	hookWhen: {
		afterFigure: (rulings) => rulings['DRAGON-R1'] === 'before-scoring',
		afterScore: (rulings) => rulings['DRAGON-R1'] === 'after-scoring'
	},
	hooks: {
		setup(engine) {
			const d: DragonState = {
				at: -1,
				volcano: false,
				aside: [],
				visited: [],
				steps: 0
			};
			engine.state.moduleState.dragon = d;
		},
		drawn(engine, tile) {
			const d = D(engine);
			if (d.at >= 0 || !hasIcon(engine, tile, ICON_DRAGON) || !dragonInPlay(engine)) return 'keep';
			d.aside.push(tile);
			emit(
				engine,
				{
					type: 'setAside',
					rules: ['DRAGON-4.3.2'],
					player: engine.state.active,
					tile: engine.rules.tiles[tile].key
				},
				() =>
					`${engine.rules.tiles[tile].key} is a dragon tile but the dragon is not in play yet: set aside, draw again.`
			);
			return 'aside';
		},
		placed(engine, b) {
			const state = engine.state;
			if (!hasIcon(engine, state.boardTile[b], ICON_VOLCANO) || !dragonInPlay(engine)) return;
			const d = D(engine);
			d.at = b;
			emit(
				engine,
				{ type: 'dragonFlies', rules: ['DRAGON-4.2.2'], x: state.boardX[b], y: state.boardY[b] },
				() => `The dragon flies to the volcano at (${state.boardX[b]},${state.boardY[b]}).`
			);
			if (!d.volcano) {
				d.volcano = true;
				if (d.aside.length) {
					const n = d.aside.length;
					shuffleBack(engine, d.aside);
					d.aside = [];
					emit(
						engine,
						{ type: 'shuffleBack', rules: ['DRAGON-4.3.2'], tiles: n },
						() => `${n} set-aside dragon tile${n === 1 ? '' : 's'} go back into the pile.`
					);
				}
			}
		},
		// a volcano bars figures in the turn it is placed (DRAGON-4.2.1); the dragon's tile always (4.4.7),
		// wherever a figure would go (the magic portal reaches every tile)
		deployCheck(engine, _player, _figure, seg) {
			const state = engine.state;
			if (!dragonInPlay(engine)) return null;
			const b = state.segmentTile[seg];
			if (b === state.placed && hasIcon(engine, state.boardTile[b], ICON_VOLCANO))
				return {
					code: 'volcano',
					message: 'no figure may be placed on a volcano tile in the turn it is placed',
					rules: ['DRAGON-4.2.1']
				};
			if (b === D(engine).at)
				return {
					code: 'dragon-tile',
					message: 'no figure may be placed on the tile the dragon occupies',
					rules: ['DRAGON-4.4.7']
				};
			return null;
		},
		afterFigure(engine) {
			if (engine.rules.rulings['DRAGON-R1'] === 'before-scoring') startMovement(engine);
		},
		afterScore(engine) {
			if (engine.rules.rulings['DRAGON-R1'] === 'after-scoring') startMovement(engine);
		}
	}
};
