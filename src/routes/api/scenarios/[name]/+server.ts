// GET | PUT | DELETE /api/scenarios/{name}: one rules scenario, the same contract as the expansions
// (revision as ETag, If-Match / If-None-Match: *, 428, 409, 422 with located problems).
import { methodNotAllowed } from '$lib/server/api-errors.ts';
import {
	deleteDocument,
	getDocument,
	putDocument,
	type DocumentKind
} from '$lib/server/document-api.ts';
import {
	scenarioNotFound,
	scenarioStore,
	unsafeScenarioName,
	validateStoredScenario
} from '$lib/server/scenarios.ts';
import type { RequestHandler } from './$types';

const scenarios: DocumentKind = {
	store: scenarioStore,
	a: 'a scenario',
	nameField: 'name',
	path: (name) => `/api/scenarios/${name}`,
	unsafe: unsafeScenarioName,
	notFound: scenarioNotFound,
	validate: validateStoredScenario
};

export const GET: RequestHandler = ({ params }) => getDocument(scenarios, params.name);
export const PUT: RequestHandler = ({ params, request }) =>
	putDocument(scenarios, params.name, request);
export const DELETE: RequestHandler = ({ params, request }) =>
	deleteDocument(scenarios, params.name, request);

export const fallback: RequestHandler = ({ request, url }) =>
	methodNotAllowed(request.method, url.pathname, ['GET', 'PUT', 'DELETE']);
