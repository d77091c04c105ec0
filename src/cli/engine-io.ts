// Shared by the engine commands (replay, simulate, test): expansion lookup from disk and JSON files.
import { readFileSync } from 'node:fs';
import { availableExpansions } from './files.ts';
import { nestingProblem } from '../lib/formats/nesting.ts';
import type { Expansion } from '../lib/engine/index.ts';

let cache: Map<string, Expansion> | null = null;
/** Finds an expansion by id among the shipped sets and EXPANSIONS_DIR. */
export function lookupExpansion(id: string): Expansion | undefined {
	cache ??= availableExpansions();
	return cache.get(id);
}

export function readJson(file: string): { doc?: unknown; error?: string } {
	try {
		const doc: unknown = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
		const deep = nestingProblem(doc);
		return deep ? { error: `${file}:${deep.pointer.slice(0, 80)}: ${deep.message}` } : { doc };
	} catch (e) {
		return { error: `${file}: ${e instanceof Error ? e.message : String(e)}` };
	}
}

/** Value of `--name value` or `--name=value`. */
export function option(args: string[], name: string): string | undefined {
	for (let i = 0; i < args.length; i++) {
		if (args[i] === `--${name}`) return args[i + 1];
		if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
	}
	return undefined;
}

/** `--rulings ID=option,...` as a map, or the error to print (a usage error). */
/** `ID=option,ID=option` → the rulings, or what is wrong with the text. */
export function rulingPairs(text: string): Record<string, string> | string {
	const rulings: Record<string, string> = {};
	for (const pair of text.split(',').filter(Boolean)) {
		const [id, value] = pair.split('=');
		if (!id || !value) return `takes ID=option pairs separated by commas, not '${pair}'`;
		rulings[id.trim()] = value.trim();
	}
	return rulings;
}

/** The `--rulings` option. */
export function rulingsOption(args: string[]): { rulings: Record<string, string> } | { error: string } {
	const rulings = rulingPairs(option(args, 'rulings') ?? '');
	return typeof rulings === 'string' ? { error: `--rulings ${rulings}` } : { rulings };
}
