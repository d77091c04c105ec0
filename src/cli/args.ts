// The commands' options through node:util parseArgs (strict): `--name value` or `--name=value`,
// unknown options and missing values refused. A negative number is a value (`--seed -5`), which
// strict parseArgs would take for an option.
import { parseArgs } from 'node:util';

export type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
export interface ParsedOptions<O extends OptionSpec> {
	values: { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };
	positionals: string[];
}

const NEGATIVE_NUMBER = /^-(\d|\.\d|Infinity)/;

/** The options and positional arguments, or the usage error to print (exit 2). */
export function parseOptions<O extends OptionSpec>(
	args: readonly string[],
	options: O,
	allowPositionals = false
): ParsedOptions<O> | { error: string } {
	const joined: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const name = args[i].startsWith('--') ? args[i].slice(2) : '';
		if (
			options[name]?.type === 'string' &&
			i + 1 < args.length &&
			NEGATIVE_NUMBER.test(args[i + 1])
		)
			joined.push(`${args[i]}=${args[++i]}`);
		else joined.push(args[i]);
	}
	try {
		const { values, positionals } = parseArgs({
			args: joined,
			options,
			strict: true,
			allowPositionals
		});
		return { values: values as ParsedOptions<O>['values'], positionals };
	} catch (e) {
		return { error: e instanceof Error ? e.message : String(e) };
	}
}

/** A comma-separated list option, trimmed, empty items left out. */
export const listOption = (text: string | undefined, fallback = ''): string[] =>
	(text ?? fallback)
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
