// How much of the shipped expansions' rules is written as data: the rule ids each document's
// `dataRules` states (compiled into a data module) against the rule ids the TypeScript rule modules
// state. Rulings (options of a rule) are not counted. docs/expansions.md states the result, and
// test/rules-share.test.ts checks that the docs say what this counts.
import { MODULES } from './modules/index.ts';
import { compileDataRules } from './data-rules.ts';
import type { Expansion } from './types.ts';

export interface RulesShare {
	/** Rule ids written as data, by expansion document. */
	data: Record<string, number>;
	/** Rule ids written in TypeScript, by module. */
	code: Record<string, number>;
	dataTotal: number;
	codeTotal: number;
}

export function rulesShare(expansions: readonly Expansion[]): RulesShare {
	const taken = new Set(MODULES.map((m) => m.id));
	const data: Record<string, number> = {};
	for (const e of expansions) {
		const n = Object.keys(compileDataRules(e, taken)?.rules ?? {}).length;
		if (n) data[e.id] = n;
	}
	const code = Object.fromEntries(MODULES.map((m) => [m.id, Object.keys(m.rules).length]));
	const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
	return { data, code, dataTotal: sum(data), codeTotal: sum(code) };
}

const percent = (part: number, all: number) =>
	`${part} of ${all} rule ids (${Math.round((100 * part) / all)}%)`;

/**
 * The share as the docs state it: `data of all rule ids (percent)`, then the same over the
 * expansions' own rule ids — base's rules (its module's and its document's) left out, as base may
 * stay code.
 */
export function shareText(r: RulesShare): string {
	const base = (r.code.base ?? 0) + (r.data.base ?? 0);
	const all = r.dataTotal + r.codeTotal;
	const expansions = `${percent(r.dataTotal - (r.data.base ?? 0), all - base)} of the expansions' own`;
	return `${percent(r.dataTotal, all)}; ${expansions}`;
}
