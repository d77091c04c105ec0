// The shape of the rule modules' registry as the formats layer sees it: which modules a document
// turns on, and the rulings and parameters those modules register. The engine builds it
// (src/lib/engine/registry.ts); the validator takes it as an option, so formats never import the engine.
import type { Expansion } from './schema-types.ts';

export interface RegisteredRuling {
	id: string;
	description: string;
	/** The option in effect when neither the expansion file nor the game chooses. */
	default: string;
	/** Option → what it means. */
	options: Record<string, string>;
	/** Rule ids this ruling decides on. */
	rules: string[];
	/** The rule module that registers it. */
	module: string;
}

export interface RegisteredParameter {
	name: string;
	default: number;
	/** The whole numbers it may take, inclusive (the engine refuses a game outside them). */
	min: number;
	max: number;
	module: string;
}

/** What a tile or an expansion may name that a rule module gives meaning to. */
export type MeaningKind = 'feature' | 'modifier' | 'icon' | 'figure';

export interface Meaning {
	/** The rule module that gives the name its meaning. */
	module: string;
	/** The rule id that does (absent for figures). */
	rule?: string;
	/** A tile with it is left out of a game without the module (river tiles), not misplayed. */
	leftOut?: boolean;
}

export interface RuleRegistry {
	/** Every rule module of the engine, by id. */
	moduleIds: readonly string[];
	/** The modules an expansion document turns on by itself (not counting its dependencies). */
	modulesOf(doc: Pick<Expansion, 'id' | 'rules' | 'figures'>): string[];
	rulingsFor(moduleIds: readonly string[]): RegisteredRuling[];
	parametersFor(moduleIds: readonly string[]): RegisteredParameter[];
	/** The module that gives a feature kind, modifier, icon or figure its meaning; undefined when none does. */
	meaningOf(kind: MeaningKind, name: string): Meaning | undefined;
}
