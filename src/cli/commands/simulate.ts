// carcassonne-lab simulate: seeded random legal games with invariant checks and statistics.
import cliProgress from 'cli-progress';
import type { CommandContext } from '../main.ts';
import { simulate } from '../../lib/engine/simulate.ts';
import { resolveGame } from '../../lib/engine/registry.ts';
import { lookupExpansion, option, rulingsOption } from '../engine-io.ts';

const usage = `usage: carcassonne-lab simulate [--expansions a,b,...] [--games N] [--seed S] [--players P] [--rulings ID=option,...] [--json]

Plays N random legal games (default 100) with the given expansions (default base; ids of
expansions/ files or of rule modules such as pig) and everything they depend on, transitively
(a missing or cyclic dependency exits 1 naming it), seed S (default 1) and P players (default 2).
Checks after every move that no figure is created or lost and no score falls; checks that every
game ends, that replaying its log reproduces it, and undo/redo at one point per game.
--rulings sets rulings (e.g. BASE-R2=2nd). Prints statistics per tile, feature and rule. Same seed, same result (timings aside).
--json prints { games, placements, seconds, violations: [{ game, invariant, message, record }], stats }.`;

export const command = {
	summary: 'play random legal games: statistics and invariant violations',
	usage,
	async run(ctx: CommandContext): Promise<number> {
		const allowed = ['--expansions', '--games', '--seed', '--players', '--rulings'];
		const bad = ctx.args.find((a, i) => a.startsWith('-') && !allowed.includes(a.split('=')[0]) ? true : !a.startsWith('-') && !allowed.includes(ctx.args[i - 1]));
		if (bad) {
			ctx.stderr(`unexpected argument ${bad}\n\n${usage}`);
			return 2;
		}
		const ids = (option(ctx.args, 'expansions') ?? 'base').split(',').map((s) => s.trim()).filter(Boolean);
		const games = Number(option(ctx.args, 'games') ?? 100);
		const seed = Number(option(ctx.args, 'seed') ?? 1);
		const players = Number(option(ctx.args, 'players') ?? 2);
		if (!Number.isInteger(games) || games < 1 || !Number.isInteger(seed) || !Number.isInteger(players) || players < 1 || players > 8) {
			ctx.stderr(`--games and --players must be positive integers (players 1..8), --seed an integer\n\n${usage}`);
			return 2;
		}
		// base and every dependency, transitively: the game the designer means
		const resolved = resolveGame(ids, lookupExpansion);
		if (!resolved.ok) {
			for (const e of resolved.errors) ctx.stderr(e.document ? e.message : `--expansions: ${e.message}`);
			return 1;
		}
		const { expansions, modules } = resolved;
		const parsed = rulingsOption(ctx.args);
		if ('error' in parsed) {
			ctx.stderr(parsed.error);
			return 2;
		}
		const { rulings } = parsed;
		const names = Array.from({ length: players }, (_, i) => `P${i + 1}`);
		const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ clearOnComplete: true, format: 'simulating [{bar}] {value}/{total} games' }, cliProgress.Presets.shades_classic) : null;
		bar?.start(games, 0);
		const t0 = performance.now();
		let result;
		try {
			result = simulate({ setup: { expansions, modules, players: names, rulings }, games, seed, checkUndo: true, onGame: (i) => bar?.update(i + 1) });
		} catch (e) {
			ctx.stderr(e instanceof Error ? e.message : String(e));
			return 1;
		} finally {
			bar?.stop();
		}
		const seconds = Math.round((performance.now() - t0) / 10) / 100;
		if (ctx.json) {
			ctx.stdout(JSON.stringify({ expansions: [...expansions.map((e) => e.id), ...modules], games: result.games, placements: result.placements, moves: result.moves, seconds, violations: result.violations, stats: result.stats }, null, 2));
		} else {
			ctx.stdout(`${result.games} games, ${result.placements} placements, ${result.moves} moves in ${seconds} s (${Math.round(result.placements / seconds)} placements/s)`);
			ctx.stdout(`expansions: ${[...expansions.map((e) => e.id), ...modules].join(', ')}; mean score ${result.stats.scores.mean}, best ${result.stats.scores.max}`);
			ctx.stdout('features scored: ' + Object.entries(result.stats.features).map(([k, f]) => `${k} ${f.scored} (${f.points} pts)`).join(', '));
			const tiles = Object.entries(result.stats.tiles).filter(([, t]) => t.discarded || t.setAside);
			if (tiles.length) ctx.stdout('discarded / set aside: ' + tiles.map(([k, t]) => `${k} ${t.discarded}/${t.setAside}`).join(', '));
			ctx.stdout('rules applied: ' + Object.entries(result.stats.rules).map(([k, n]) => `${k} ${n}`).join(', '));
			ctx.stdout(result.violations.length ? `${result.violations.length} invariant violations:` : 'no invariant violations');
			for (const v of result.violations.slice(0, 20)) ctx.stdout(`  game ${v.game}: ${v.invariant}: ${v.message}`);
		}
		return result.violations.length ? 1 : 0;
	}
};
