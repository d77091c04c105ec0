// The checker's run options (games, seed, players, replay sample, worker threads), checked by one
// pure function that the checker page's form and the CLI's simulate share: every count has a stated
// maximum, checked before a game is played or an array is sized (players 2.5 or 1e9 once sized the
// page's seat list; --games 1e12 ran the CLI out of memory).
import { MAX_PLAYERS } from '../formats/limits.ts';

/** The counts' ranges. Games: the page's cap since it had one; workers: threads of ~11 MB each. */
export const CHECKER_LIMITS = {
	games: { min: 1, max: 1_000_000 },
	players: { min: 1, max: MAX_PLAYERS },
	workers: { min: 1, max: 32 }
} as const;

export interface CheckerOptions {
	games: number;
	seed: number;
	players: number;
	/** Share of the games replayed and undone (0–1). */
	sample: number;
	/** Worker threads (the CLI's; the page uses the browser's cores). */
	workers?: number;
}
export type CheckerOption = keyof CheckerOptions;

/** The options as given: numbers from a form, or the text of a command line. */
export type CheckerOptionsInput = { [K in CheckerOption]?: number | string | null };

export interface OptionProblem {
	option: CheckerOption;
	/** What the value must be and what it was, e.g. "a whole number from 1 to 8, not 2.5". */
	message: string;
}

const count = (n: number) => n.toLocaleString('en');
const numberOf = (v: number | string): number =>
	typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
const shown = (v: number | string | null | undefined): string =>
	v === null || v === undefined || v === '' ? 'nothing' : String(v);

/**
 * The options as numbers, or every problem with them. `required` options (games, seed, players,
 * sample) must be given; workers only when present.
 */
export function checkerOptions(
	input: CheckerOptionsInput
): { ok: true; options: CheckerOptions } | { ok: false; problems: OptionProblem[] } {
	const problems: OptionProblem[] = [];
	const out: Partial<CheckerOptions> = {};
	const whole = (option: CheckerOption, range?: { min: number; max: number }) => {
		const given = input[option];
		if (option === 'workers' && (given === undefined || given === null)) return;
		const v = given === null || given === undefined ? NaN : numberOf(given);
		if (range ? Number.isInteger(v) && v >= range.min && v <= range.max : Number.isSafeInteger(v))
			out[option] = v;
		else
			problems.push({
				option,
				message: `${range ? `a whole number from ${count(range.min)} to ${count(range.max)}` : 'a whole number'}, not ${shown(given)}`
			});
	};
	whole('games', CHECKER_LIMITS.games);
	whole('seed');
	whole('players', CHECKER_LIMITS.players);
	const sample = input.sample === null || input.sample === undefined ? NaN : numberOf(input.sample);
	if (sample >= 0 && sample <= 1) out.sample = sample;
	else
		problems.push({
			option: 'sample',
			message: `a share of the games from 0 to 1, not ${shown(input.sample)}`
		});
	whole('workers', CHECKER_LIMITS.workers);
	return problems.length ? { ok: false, problems } : { ok: true, options: out as CheckerOptions };
}
