// The exporters by format, loaded on demand (png pulls in a native rasteriser): one list for the
// CLI's `export` command and the app's export endpoints.
import type { ExportFormat, Exporter } from './types.ts';

const EXPORTERS: Record<ExportFormat, () => Promise<{ exporter: Exporter }>> = {
	json: () => import('./json.ts'),
	jcz: () => import('./jcz.ts'),
	svg: () => import('./svg.ts'),
	png: () => import('./png.ts'),
	print: () => import('./print.ts'),
	pdf: () => import('./pdf.ts')
};

export const EXPORT_FORMATS = Object.keys(EXPORTERS) as ExportFormat[];

export const isExportFormat = (format: string): format is ExportFormat =>
	Object.hasOwn(EXPORTERS, format);

/** The exporter of a format. */
export async function loadExporter(format: ExportFormat): Promise<Exporter> {
	return (await EXPORTERS[format]()).exporter;
}
