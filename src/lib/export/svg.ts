// One SVG image per tile design (<tile id>.svg) plus an index.html contact sheet, drawn by the shared
// renderer. Artwork given as a data: URL is drawn under the features; anything else is noted.
import type { Exporter, ExportFile } from './types.ts';
import { KNOWN_ICONS, KNOWN_MODIFIERS } from '../formats/known.ts';
import { escapeXml, renderTileSvg } from '../render/tile-svg.ts';
import { looksInPlay } from '../render/looks.ts';

const DEFAULT_SIZE = 300;

/** A file name for a tile id: the schema's id pattern is already safe; anything else is cleaned. */
function fileNameFor(id: unknown, taken: Set<string>, index: number): string {
	let base = typeof id === 'string' ? id.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '') : '';
	if (!base) base = `tile-${index + 1}`;
	let name = base;
	for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
	taken.add(name.toLowerCase());
	return name;
}

const countLabel = (count: unknown): string =>
	typeof count === 'number'
		? `×${count}`
		: count && typeof count === 'object' && 'perPlayer' in count
			? `×${(count as { perPlayer: number }).perPlayer} per player`
			: '';

export const exporter: Exporter = async (expansion, options = {}) => {
	const size = options.sizePx && options.sizePx > 0 ? options.sizePx : DEFAULT_SIZE;
	const notes: string[] = [];
	const files: ExportFile[] = [];
	const taken = new Set<string>();
	// names the expansion or its dependencies declare are not worth a note
	const declaring = [
		expansion,
		...(expansion.dependencies ?? []).map((id) => options.available?.get(id))
	];
	const declaredModifiers = new Set(declaring.flatMap((e) => Object.keys(e?.modifiers ?? {})));
	const declaredIcons = new Set(declaring.flatMap((e) => Object.keys(e?.icons ?? {})));
	const looks = looksInPlay(expansion, (id) => options.available?.get(id));
	const withoutArtwork: string[] = [];
	const cards: string[] = [];
	const tiles = Array.isArray(expansion.tiles) ? expansion.tiles : [];

	tiles.forEach((tile, index) => {
		const name = fileNameFor(tile?.id, taken, index);
		if (name !== tile?.id)
			notes.push(
				`tile ${index + 1}: its id '${String(tile?.id)}' is not usable as a file name (unsafe, or equal to another's but for case); written as ${name}.svg`
			);
		const svg = renderTileSvg(tile, { size, idPrefix: `${name}-`, artwork: true, looks });
		files.push({
			path: `${name}.svg`,
			data: `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`,
			type: 'image/svg+xml'
		});

		const art = tile?.artwork;
		if (!art) withoutArtwork.push(name);
		else if (!/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(art))
			notes.push(
				`tile ${name}: its artwork '${art.slice(0, 80)}' is not an embedded image (data: URL); the image shows the features only`
			);
		for (const icon of tile?.icons ?? [])
			if (!KNOWN_ICONS.includes(icon) && !declaredIcons.has(icon) && !looks[icon])
				notes.push(`tile ${name}: icon '${icon}' is unknown; drawn as a '?' badge`);
		for (const f of tile?.features ?? [])
			for (const m of Object.keys(f?.modifiers ?? {}))
				if (!(m in KNOWN_MODIFIERS) && !declaredModifiers.has(m) && m !== 'princess' && !looks[m])
					notes.push(
						`tile ${name}: modifier '${m}' on feature ${f.id} is unknown; drawn as a '?' badge`
					);

		cards.push(
			`<figure><img src="${escapeXml(name)}.svg" width="150" height="150" alt="${escapeXml(String(tile?.id ?? name))}">` +
				`<figcaption><b>${escapeXml(String(tile?.id ?? name))}</b> ${escapeXml(countLabel(tile?.count))}` +
				(tile?.name ? `<br><span>${escapeXml(tile.name)}</span>` : '') +
				`</figcaption></figure>`
		);
	});

	if (tiles.length === 0)
		notes.push(`expansion ${expansion.id} has no tiles: only the contact sheet is written`);
	else if (withoutArtwork.length === tiles.length)
		notes.push('no tile has artwork: every image is drawn from the tile features');
	else if (withoutArtwork.length)
		notes.push(
			`${withoutArtwork.length} of ${tiles.length} tiles have no artwork and are drawn from their features: ${withoutArtwork.join(', ')}`
		);

	const title = `${expansion.name} (${expansion.id} ${expansion.version})`;
	const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #2b2620; background: #faf7f0; }
h1 { font-size: 20px; margin: 0 0 4px; }
p { margin: 0 0 16px; color: #6b6257; }
main { display: flex; flex-wrap: wrap; gap: 16px; }
figure { margin: 0; width: 150px; text-align: center; }
img { display: block; border-radius: 4px; box-shadow: 0 1px 3px rgba(0,0,0,.25); background: #fff; }
figcaption { margin-top: 4px; font-size: 13px; }
figcaption span { color: #6b6257; font-size: 12px; }
</style>
</head>
<body>
<h1>${escapeXml(expansion.name)}</h1>
<p>${escapeXml(expansion.id)} · version ${escapeXml(expansion.version)} · ${tiles.length} tile design${tiles.length === 1 ? '' : 's'}</p>
<main>
${cards.join('\n')}
</main>
</body>
</html>
`;
	files.push({ path: 'index.html', data: html, type: 'text/html' });
	return { files, notes };
};
