// Round trip through JCloisterZone's tile XML: export → import of every shipped set (and of a set
// made the editor's way) gives back the same geometry, field→city adjacency, crossings, modifiers,
// roles and counts; what JCZ cannot express is in the export's notes, never lost silently.
import { describe, expect, it } from 'vitest';
import { buildJczXml } from '../src/lib/export/jcz.ts';
import { importJczXml } from '../src/lib/formats/import/jcz.ts';
import { availableExpansions } from '../src/cli/files.ts';
import { validateExpansion } from '../src/lib/formats/validate.ts';
import { ruleRegistry } from '../src/lib/engine/registry.ts';
import type { Expansion, Feature, Tile } from '../src/lib/formats/schema-types.ts';
import { editorMadeExpansion } from './fixtures/jcz-editor-made.ts';

/** A tile's features with ids replaced by what they are (a feature by its type and places). */
function geometry(t: Tile): string[] {
	const byId = new Map(t.features.map((f) => [f.id, f]));
	const what = (id: string) => {
		const f = byId.get(id);
		return f ? `${f.type}:${[...(f.sides ?? f.halves ?? [])].sort().join('')}` : `?${id}`;
	};
	const describe = (f: Feature) =>
		JSON.stringify({
			type: f.type,
			sides: f.sides ? [...f.sides].sort() : undefined,
			halves: f.halves ? [...f.halves].sort() : undefined,
			cities: f.cities?.map(what).sort(),
			crosses: f.crosses?.length ? f.crosses.map(what).sort() : undefined,
			modifiers: f.modifiers && Object.keys(f.modifiers).length ? f.modifiers : undefined
		});
	return t.features.map(describe).sort();
}

const docs = availableExpansions();
const sets = [...[...docs.values()].filter((e) => e.tiles.length > 0), editorMadeExpansion()];

describe('jcz round trip: export then import', () => {
	it.each(sets.map((e) => [e.id, e] as const))(
		'%s: same geometry, adjacency, crossings, counts and roles; the rest is in the notes',
		(id, original: Expansion) => {
			const { xml, notes } = buildJczXml(original);
			const r = importJczXml(xml, { id });
			if (!r.ok) throw new Error(r.error);
			// The add-on's own name comes back from its <expansion>.
			expect(r.expansion.name).toBe(original.name);
			const noted = (re: RegExp) => notes.some((n) => re.test(n));
			// What JCZ cannot express is said in the notes: tiles left out, features and icons dropped.
			const kept = original.tiles.filter((t) => {
				const out = t.wildcard === true || typeof t.count !== 'number';
				if (out) expect(noted(new RegExp(`tile ${id}/${t.id}: .*left out`)), t.id).toBe(true);
				return !out;
			});
			const expressible = kept.map((t) => {
				const features = t.features
					.filter((f) => {
						const dropped =
							f.type === 'stable' ||
							(['road', 'city', 'river'].includes(f.type) && !f.sides?.length);
						if (dropped)
							expect(
								noted(new RegExp(`tile ${id}/${t.id}: .*'${f.id}'.*dropped`)),
								`${t.id}/${f.id}`
							).toBe(true);
						return !dropped;
					})
					// a crossing the places do not imply (a road end crossing a river to the city): said, then gone
					.map((f) => {
						const crosses = f.crosses?.filter(
							(c) =>
								!noted(
									new RegExp(
										`tile ${id}/${t.id}: \\w+ '${f.id}' crosses '${c}', which its places do not imply`
									)
								)
						);
						// a modifier without a JCZ attribute (the goods' wine, a well): said, then gone
						const modifiers = Object.fromEntries(
							Object.entries(f.modifiers ?? {}).filter(
								([m]) =>
									!noted(
										new RegExp(
											`tile ${id}/${t.id}: modifier '${m}' of \\w+ '${f.id}' has no JCloisterZone attribute: dropped`
										)
									)
							)
						);
						return {
							...f,
							crosses: crosses?.length ? crosses : undefined,
							modifiers: Object.keys(modifiers).length ? modifiers : undefined
						};
					});
				const icons = (t.icons ?? []).filter((i) => {
					const dropped = ![
						'dragon',
						'volcano',
						'portal',
						'princess',
						'festival',
						'hill',
						'vineyard'
					].includes(i);
					if (dropped)
						expect(noted(new RegExp(`tile ${id}/${t.id}: icon '${i}'`)), `${t.id} ${i}`).toBe(true);
					return !dropped;
				});
				return { ...t, features, icons };
			});
			expect(r.expansion.tiles.map((t) => t.id)).toEqual(expressible.map((t) => t.id));
			for (const [i, t] of r.expansion.tiles.entries()) {
				const o = expressible[i];
				expect(t.count, t.id).toBe(o.count);
				expect(geometry(t), t.id).toEqual(geometry(o));
				expect(t.role === 'start' ? undefined : t.role, t.id).toBe(
					o.role === 'start' ? undefined : o.role
				);
				expect(t.icons ?? [], t.id).toEqual(o.icons);
				if ((t.handDrawnAdjacency ?? false) !== (o.handDrawnAdjacency ?? false))
					expect(
						noted(new RegExp(`tile ${id}/${t.id}: is marked as drawn by hand`)),
						`${t.id} handDrawnAdjacency`
					).toBe(true);
			}
			// Nothing the import does not understand: the export writes only JCZ's vocabulary. A scripted
			// modifier (a data rule) comes back as its features' values; that its script does not is said.
			const scripts = (xml.match(/<modifier /g) ?? []).length;
			const unread = r.report.filter((l) => /its scoring script is not read/.test(l));
			expect(unread.length).toBe(scripts);
			expect(r.report.filter((l) => !unread.includes(l))).toEqual([]);
			// JCloisterZone picks the start tile in its game setup: an imported base has none, and the
			// validator says a game with it cannot start (the other sets play with the shipped base).
			const problems = validateExpansion(r.expansion, {
				available: docs,
				registry: ruleRegistry
			}).filter((p) => p.severity === 'error');
			expect(problems.map((p) => p.message)).toEqual(
				id === 'base' ? [expect.stringContaining('no tile of this expansion has role "start"')] : []
			);
		}
	);
});
