// A designer's artwork and looks are sanitised on their way into the exports drawn by the renderer
// (the SVG images and the print sheets): no script, event handler, foreignObject or reference to
// another host survives, inside the embedded image as outside it, and the drawing itself stays.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadExporter } from '../src/lib/export/index.ts';
import { bytesToBase64, base64ToBytes } from '../src/lib/formats/base64.ts';
import type { Expansion } from '../src/lib/formats/schema-types.ts';

const harbour = JSON.parse(
	readFileSync('test/fixtures/expansions/valid/harbour-with-looks.json', 'utf8')
) as Expansion;
const b64 = (s: string) => bytesToBase64(new TextEncoder().encode(s));
const ART =
	'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
	'<script>alert(2)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>' +
	'<rect width="10" height="10" fill="#2b7a3d" onclick="alert(3)"/>' +
	'<circle r="2" style="fill:u\\rl(http://evil.example/a)"/><image href="http://evil.example/b.png"/></svg>';
const LOOK =
	'<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#1f3f66" style="mask:\\75 rl(http://evil.example/c)"/>' +
	'<rect width="1" style="background:image-set(\'http://evil.example/d.png\' 1x)"/></svg>';
const hostile: Expansion = {
	...harbour,
	looks: { ...harbour.looks, harbour: { svg: LOOK, place: 'corner', size: 0.8 } },
	tiles: harbour.tiles.map((t) => ({ ...t, artwork: `data:image/svg+xml;base64,${b64(ART)}` }))
};
const text = (d: string | Uint8Array) => (typeof d === 'string' ? d : new TextDecoder().decode(d));

describe('hostile artwork and looks in the exports', () => {
	for (const format of ['svg', 'print'] as const)
		it(`${format}: the artwork's scripts, handlers, foreignObject and other hosts are gone, its drawing stays`, async () => {
			const r = await (await loadExporter(format))(hostile);
			const sheets = r.files.filter((f) => f.path.endsWith('.svg')).map((f) => text(f.data));
			expect(sheets.length).toBeGreaterThan(0);
			const embedded = sheets.flatMap((s) =>
				[...s.matchAll(/href="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/g)].map((m) =>
					new TextDecoder().decode(base64ToBytes(m[1]))
				)
			);
			expect(embedded.length).toBeGreaterThan(0);
			for (const svg of [...sheets, ...embedded]) {
				expect(svg).not.toMatch(/<script|onload|onclick|foreignObject|alert|evil\.example/i);
			}
			for (const art of embedded) expect(art).toContain('fill="#2b7a3d"');
			expect(sheets.join('')).toContain('fill="#1f3f66"');
		});
});
