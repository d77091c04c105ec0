// svg-to-pdfkit ships no type declarations: the one function we call.
declare module 'svg-to-pdfkit' {
	export default function SVGtoPDF(
		doc: PDFKit.PDFDocument,
		svg: string,
		x?: number,
		y?: number,
		options?: {
			width?: number;
			height?: number;
			preserveAspectRatio?: string;
			assumePt?: boolean;
			warningCallback?: (message: string) => void;
		}
	): void;
}
