// The rule modules in registry order (base first: its value hook builds the values others adjust).
import { base } from './base.ts';
import type { Expansion, RuleModule } from '../types.ts';

export const MODULES: RuleModule[] = [base];

/** Expansion ids whose rules are a module under another name. */
const ALIASES: Record<string, string> = { 'traders-and-builders': 'pig' };

/** The module an expansion document enables: its `rules` field, else a module with its id. */
export function moduleForExpansion(e: Pick<Expansion, 'id' | 'rules'>): string | null {
	const id = e.rules ?? ALIASES[e.id] ?? e.id;
	return MODULES.some((m) => m.id === id) ? id : null;
}
