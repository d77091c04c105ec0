// /play is the sandbox under the name a player looks for: same page, same setup in the query.
import { redirect } from '@sveltejs/kit';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) => redirect(307, `/sandbox${url.search}`);
