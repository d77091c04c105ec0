import path from 'node:path';
import { listExpansions, expansionsDir, shippedDir } from '$lib/server/store.ts';
import { appRoot } from '$lib/server/app-root.ts';
import { availableOf, validateDocument } from '$lib/server/validation.ts';
import { SHIPPED_EXPANSIONS } from '$lib/formats/shipped.ts';
import { expansionView } from './expansion-view.ts';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async () => {
	const list = await listExpansions();
	const available = availableOf(list);
	const expansions = list.map((e) =>
		expansionView(e.id, e.doc, e.parseError ? [e.parseError] : validateDocument(e.doc, available))
	);
	// the shipped sets first, in the order of the game's boxes; then the designers' own by name
	const rank = (id: string) => {
		const i = (SHIPPED_EXPANSIONS as readonly string[]).indexOf(id);
		return i < 0 ? SHIPPED_EXPANSIONS.length : i;
	};
	expansions.sort(
		(a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id)
	);
	// a folder inside the app's own as a relative path (expansions, workspace/expansions), others whole
	const shown = (dir: string) => {
		const inside = path.relative(appRoot(), dir);
		return inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? inside : dir;
	};
	const readOnly = new Set(list.filter((e) => e.readOnly).map((e) => e.id));
	return {
		shippedFolder: shown(shippedDir()),
		folder: shown(expansionsDir()),
		expansions: expansions.map((e) => ({ ...e, readOnly: readOnly.has(e.id) }))
	};
};
