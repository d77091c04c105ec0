// The rule modules in registry order (base first: its value hook builds the values others adjust).
import { base } from './base.ts';
import { abbot } from './abbot.ts';
import { river } from './river.ts';
import { dragon } from './dragon/index.ts';
import { portal } from './portal.ts';
import { pig } from './pig.ts';
import { barn } from './barn.ts';
import type { Expansion, RuleModule } from '../types.ts';

// (Inns & Cathedrals and Hills & Sheep are data: their rules compile after base and abbot,
// engine/data-rules.ts, so the shepherd's flock is tended before the dragon moves, as JCloisterZone has it)
export const MODULES: RuleModule[] = [base, abbot, river, dragon, portal, pig, barn];

/** Expansion ids whose rules are a module under another name. */
const ALIASES: Record<string, string> = { 'traders-and-builders': 'pig' };
/** Modules that come with another's expansion: The Princess & the Dragon's magic portal, a module of its own (its princess is data). */
export const COMPANIONS: Record<string, string[]> = { dragon: ['portal'] };

/**
 * The modules an expansion document enables: the one its `rules` field (or id) names, and the
 * owners of the figures it declares (a document declaring the abbot brings the abbot's module;
 * base.json does not: the abbot is a mini-expansion, in play only when chosen).
 */
export function modulesForExpansion(e: Pick<Expansion, 'id' | 'rules' | 'figures'>): string[] {
	const out: string[] = [];
	const id = e.rules ?? ALIASES[e.id] ?? e.id;
	if (MODULES.some((m) => m.id === id)) out.push(id, ...(COMPANIONS[id] ?? []));
	for (const f of e.figures ?? []) {
		const owner = MODULES.find(
			(m) => m.figures?.some((x) => x.id === f.id) || m.declares?.includes(f.id)
		);
		if (owner && !out.includes(owner.id)) out.push(owner.id);
	}
	return out;
}
