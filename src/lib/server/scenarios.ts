// The scenarios folder: rules scenarios (schemas/scenario.v1.json) a designer saves, one
// `<name>.json` each, through the same document store as the expansions. Server-only.
import type { Problem } from '../formats/problems.ts';
import { validateScenario } from '../formats/validate-scenario.ts';
import { ruleRegistry } from '../engine/index.ts';
import { errorResponse } from './api.ts';
import { documentStore, listExpansions, workspaceFolder, type StoredDocument } from './store.ts';
import { availableOf } from './validation.ts';

/** Safe scenario names: letters, digits, words joined by single '-' or '.' (rule ids: BASE-1.4.3-…), at most 100. */
export const SCENARIO_NAME = /^[A-Za-z0-9]+([.-][A-Za-z0-9]+)*$/;
export const MAX_SCENARIO_NAME = 100;
export const isSafeScenarioName = (name: string): boolean =>
	name.length <= MAX_SCENARIO_NAME && SCENARIO_NAME.test(name);

/** `SCENARIOS_DIR`, or the app's `workspace/scenarios/`; created on the first write. */
export const scenariosDir = (): string => workspaceFolder('SCENARIOS_DIR', 'scenarios');

export const scenarioStore = documentStore({ dir: scenariosDir, isSafeName: isSafeScenarioName });

/** The scenario schema, and that the game's expansions resolve against the expansions store. */
export async function validateStoredScenario(doc: unknown): Promise<Problem[]> {
	return validateScenario(doc, {
		available: availableOf(await listExpansions()),
		moduleIds: ruleRegistry.moduleIds,
		registry: ruleRegistry
	});
}

/** The 400 for a name the scenarios and games folders do not take (`what`: 'scenario', 'game'). */
export const unsafeDocumentName = (what: string, name: string) =>
	errorResponse(
		400,
		`Unsafe ${what} name '${name}': use letters, digits and single '-' or '.' between them (at most ${MAX_SCENARIO_NAME} characters)`
	);
export const unsafeScenarioName = (name: string) => unsafeDocumentName('scenario', name);
export const scenarioNotFound = (name: string) => errorResponse(404, `No scenario '${name}'`);

export interface ScenarioSummary {
	name: string;
	description: string | null;
	rules: string[];
	revision: string;
	/** Why the file could not be parsed (then description is null and rules empty). */
	parseError?: Problem;
}

/** One row of GET /api/scenarios. */
export function summariseScenario(s: StoredDocument): ScenarioSummary {
	const d = (
		typeof s.doc === 'object' && s.doc !== null && !Array.isArray(s.doc) ? s.doc : {}
	) as Record<string, unknown>;
	return {
		name: s.id,
		description: typeof d.description === 'string' ? d.description : null,
		rules: Array.isArray(d.rules) ? d.rules.filter((r): r is string => typeof r === 'string') : [],
		revision: s.revision,
		...(s.parseError ? { parseError: s.parseError } : {})
	};
}
