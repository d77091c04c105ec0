// The self-contained tile-set JSON (schemas/tileset.v1.json): the expansion's metadata and every tile
// with its count, full geometry and derived edge types, so another client needs nothing else. The
// schema travels with it (tileset.v1.json next to the set, referenced relatively): the schema's $id
// is a name, not an address anyone serves, so an editor honouring "$schema" could not fetch it.
import tilesetSchema from '../../../schemas/tileset.v1.json';
import type { Exporter } from './types.ts';
import type { TileSet, TileSetTile } from '../formats/schema-types.ts';
import { edgeTypes } from '../formats/geometry.ts';

/** The schema's name (its $id), not a resolvable address. */
export const TILESET_SCHEMA_ID = tilesetSchema.$id;
/** The schema file written next to the exported set; the set's "$schema" points at it. */
export const TILESET_SCHEMA_FILE = 'tileset.v1.json';

export const exporter: Exporter = async (expansion) => {
	const notes: string[] = [];
	const tiles: TileSetTile[] = expansion.tiles.map((tile) => {
		const { $schema: _schema, ...rest } = tile;
		const [N, E, S, W] = edgeTypes(tile);
		if (tile.artwork !== undefined && !tile.artwork.startsWith('data:'))
			notes.push(
				`tile ${tile.id}: its artwork '${tile.artwork}' is a path relative to the expansion file; copy that file next to the export`
			);
		return {
			...structuredClone(rest),
			count: typeof tile.count === 'number' ? tile.count : { ...tile.count },
			edges: { N, E, S, W }
		};
	});
	const set: TileSet = {
		$schema: `./${TILESET_SCHEMA_FILE}`,
		id: expansion.id,
		name: expansion.name,
		version: expansion.version,
		...(expansion.description !== undefined && { description: expansion.description }),
		...(expansion.dependencies?.length && { dependencies: [...expansion.dependencies] }),
		...(expansion.modifiers && { modifiers: { ...expansion.modifiers } }),
		...(expansion.icons && { icons: { ...expansion.icons } }),
		tiles
	};
	return {
		files: [
			{
				path: `${expansion.id}.json`,
				data: JSON.stringify(set, null, '\t') + '\n',
				type: 'application/json'
			},
			{
				path: TILESET_SCHEMA_FILE,
				data: JSON.stringify(tilesetSchema, null, '\t') + '\n',
				type: 'application/schema+json'
			}
		],
		notes
	};
};
