import { describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exporter } from './svg.ts';
import type { Expansion } from '../formats/schema-types.ts';
import { BASE_SAMPLES } from '../render/samples.ts';

const expansion = (tiles: Expansion['tiles'], extra: Partial<Expansion> = {}): Expansion => ({
	id: 'demo',
	name: 'Demo <set>',
	version: '1.0.0',
	tiles,
	...extra
});
const text = (d: string | Uint8Array) => (typeof d === 'string' ? d : new TextDecoder().decode(d));

describe('svg exporter', () => {
	it('writes one well-formed SVG per tile design and a contact sheet', async () => {
		const { files, notes } = await exporter(expansion(BASE_SAMPLES));
		const svgs = files.filter((f) => f.path.endsWith('.svg'));
		expect(svgs.map((f) => f.path)).toEqual(BASE_SAMPLES.map((t) => `${t.id}.svg`));
		for (const f of svgs) {
			expect(f.type).toBe('image/svg+xml');
			expect(XMLValidator.validate(text(f.data))).toBe(true);
			expect(text(f.data)).toContain('width="300"');
		}
		const index = files.find((f) => f.path === 'index.html');
		expect(index?.type).toBe('text/html');
		const html = text(index!.data);
		for (const t of BASE_SAMPLES) expect(html).toContain(`src="${t.id}.svg"`);
		expect(html).toContain('Demo &lt;set&gt;');
		expect(notes).toContain('no tile has artwork: every image is drawn from the tile features');
	});

	it('exports the shipped base set', async () => {
		const base = JSON.parse(
			readFileSync(resolve(import.meta.dirname, '../../../expansions/base.json'), 'utf8')
		) as Expansion;
		const { files } = await exporter(base, { sizePx: 120 });
		expect(files.filter((f) => f.path.endsWith('.svg'))).toHaveLength(base.tiles.length);
		expect(text(files[0].data)).toContain('width="120"');
	});

	it('notes missing, external and embedded artwork, unknown icons and modifiers', async () => {
		const [a, b, c] = BASE_SAMPLES;
		const { files, notes } = await exporter(
			expansion([
				{ ...a, artwork: 'art/a.png' },
				{ ...b, artwork: 'data:image/png;base64,iVBORw0KGgo=', icons: ['hill'] },
				{ ...c, features: [{ id: 'c', type: 'city', sides: ['N'], modifiers: { wine: 1 } }] }
			])
		);
		expect(notes.some((n) => n.includes("tile A: its artwork 'art/a.png'"))).toBe(true);
		expect(notes.some((n) => n.includes('1 of 3 tiles have no artwork') && n.includes('C'))).toBe(
			true
		);
		expect(notes.some((n) => n.includes("icon 'hill'"))).toBe(true);
		expect(notes.some((n) => n.includes("modifier 'wine'"))).toBe(true);
		expect(text(files.find((f) => f.path === 'B.svg')!.data)).toContain(
			'<image href="data:image/png'
		);
		expect(text(files.find((f) => f.path === 'A.svg')!.data)).not.toContain('<image');
	});

	it('accepts modifiers and icons the expansion declares', async () => {
		const [a] = BASE_SAMPLES;
		const { notes } = await exporter(
			expansion([{ ...a, icons: ['hill'] }], { icons: { hill: 'a hill' } })
		);
		expect(notes.some((n) => n.includes('hill'))).toBe(false);
		const dependent = expansion([{ ...a, icons: ['hill'] }], { dependencies: ['hills'] });
		const hills = expansion([], { id: 'hills', icons: { hill: 'a hill' } });
		expect((await exporter(dependent)).notes.some((n) => n.includes('hill'))).toBe(true);
		expect(
			(await exporter(dependent, { available: new Map([['hills', hills]]) })).notes.some((n) =>
				n.includes('hill')
			)
		).toBe(false);
	});

	it('keeps file names unique and safe', async () => {
		const [a, b] = BASE_SAMPLES;
		const { files, notes } = await exporter(
			expansion([
				{ ...a, id: 'x' },
				{ ...b, id: 'X' },
				{ ...b, id: '../evil' }
			])
		);
		const paths = files.map((f) => f.path);
		expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
		expect(paths.every((p) => !p.includes('/'))).toBe(true);
		expect(notes.filter((n) => n.includes('not usable as a file name'))).toHaveLength(2);
	});

	it('handles an expansion without tiles', async () => {
		const { files, notes } = await exporter(expansion([]));
		expect(files.map((f) => f.path)).toEqual(['index.html']);
		expect(notes[0]).toContain('no tiles');
	});
});
