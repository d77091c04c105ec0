// One PNG image per tile design, rasterised with resvg from the SVG exporter's images (same names,
// same drawing, same notes). Node only (resvg is a native module).
import type { Exporter, ExportFile } from './types.ts';
import { exporter as svgExporter } from './svg.ts';

const DEFAULT_SIZE = 300;

/**
 * A rasteriser of SVG text to a PNG `size` pixels wide on white (resvg). A native module: required
 * at run time, so the app's server bundle leaves it to Node's resolution (from the project's
 * node_modules) instead of trying to bundle the binary.
 */
export async function loadRasteriser(size: number): Promise<(svg: string) => Uint8Array> {
	const { createRequire } = await import('node:module');
	const { Resvg } = createRequire(import.meta.url)(
		'@resvg/resvg-js'
	) as typeof import('@resvg/resvg-js');
	return (svg) =>
		new Uint8Array(
			new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'white' })
				.render()
				.asPng()
		);
}

export const exporter: Exporter = async (expansion, options = {}) => {
	const size =
		options.sizePx && options.sizePx > 0
			? Math.min(4096, Math.round(options.sizePx))
			: DEFAULT_SIZE;
	const raster = await loadRasteriser(size);
	const svg = await svgExporter(expansion, { ...options, sizePx: size });
	const files: ExportFile[] = [];
	for (const f of svg.files) {
		if (!f.path.endsWith('.svg')) continue;
		const text = typeof f.data === 'string' ? f.data : new TextDecoder().decode(f.data);
		files.push({ path: f.path.replace(/\.svg$/, '.png'), data: raster(text), type: 'image/png' });
	}
	return { files, notes: svg.notes };
};
