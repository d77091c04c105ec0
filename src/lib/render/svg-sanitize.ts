// Artwork SVG is data from a designer's file: before it is shown it goes through an allow-list of
// drawing elements. Scripts, event handlers, foreignObject, animations (they can rewrite links),
// <style> sheets and every link that leaves the document (other than an embedded raster image) go.
import { XMLParser } from 'fast-xml-parser';
import { base64ToBytes, bytesToBase64 } from '../formats/base64.ts';

const ALLOWED = new Set([
	'svg',
	'g',
	'path',
	'rect',
	'circle',
	'ellipse',
	'line',
	'polyline',
	'polygon',
	'text',
	'tspan',
	'textPath',
	'defs',
	'linearGradient',
	'radialGradient',
	'stop',
	'clipPath',
	'mask',
	'pattern',
	'symbol',
	'use',
	'image',
	'title',
	'desc',
	'marker',
	'filter',
	'feGaussianBlur',
	'feOffset',
	'feBlend',
	'feColorMatrix',
	'feMerge',
	'feMergeNode',
	'feFlood',
	'feComposite',
	'feMorphology',
	'feDropShadow',
	'metadata'
]);
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

const escapeText = (s: string) =>
	s
		.replace(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** An attribute value as the browser reads it: character references decoded (the parser keeps them as written). */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeReferences = (s: string): string =>
	s.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);?/gi, (whole, ref: string) => {
		if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
		const code =
			ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
		return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
	});

function attributeAllowed(element: string, name: string, value: string): boolean {
	const n = name.toLowerCase();
	if (n.startsWith('on')) return false;
	if (!/^[a-zA-Z_][\w:.-]*$/.test(name)) return false;
	const v = decodeReferences(value)
		// eslint-disable-next-line no-control-regex -- control characters hide a javascript: scheme
		.replace(/[\s\u0000-\u001f]/g, '')
		.toLowerCase();
	if (n === 'href' || n.endsWith(':href') || n === 'src') {
		if (v.startsWith('#')) return true;
		return element === 'image' && SAFE_IMAGE.test(value.trim());
	}
	if (v.includes('javascript:') || v.includes('expression(') || v.includes('@import')) return false;
	// url(...) may only point inside the document
	for (const m of v.matchAll(/url\(([^)]*)\)/g)) {
		const target = m[1].replace(/['"]/g, '');
		if (!target.startsWith('#')) return false;
	}
	return true;
}

function serialize(nodes: Node[]): string {
	let out = '';
	for (const node of nodes) {
		const name = Object.keys(node).find((k) => k !== ':@')!;
		if (name === '#text') {
			out += escapeText(String(node[name]));
			continue;
		}
		if (!ALLOWED.has(name)) continue;
		const attrs = node[':@'] ?? {};
		let a = '';
		for (const [key, value] of Object.entries(attrs)) {
			const attr = key.slice(2);
			const v = String(value);
			if (attributeAllowed(name, attr, v)) a += ` ${attr}="${escapeAttr(v)}"`;
		}
		const children = serialize((node[name] as Node[]) ?? []);
		out += children ? `<${name}${a}>${children}</${name}>` : `<${name}${a}/>`;
	}
	return out;
}

/** The SVG text with only safe drawing content left; throws when the text is not an SVG document. */
export function sanitizeSvg(svg: string): string {
	const parser = new XMLParser({
		preserveOrder: true,
		ignoreAttributes: false,
		attributeNamePrefix: '@_',
		processEntities: false,
		allowBooleanAttributes: true,
		parseTagValue: false,
		parseAttributeValue: false,
		trimValues: false,
		ignoreDeclaration: true,
		ignorePiTags: true
	});
	const tree = parser.parse(svg) as Node[];
	const root = tree.find((n) => Object.keys(n).some((k) => k !== ':@' && k !== '#text'));
	if (!root || !('svg' in root))
		throw new Error('not an SVG document (its root element must be <svg>)');
	const attrs = root[':@'] ?? {};
	if (!attrs['@_xmlns']) root[':@'] = { ...attrs, '@_xmlns': 'http://www.w3.org/2000/svg' };
	return serialize([root]);
}

function decodeDataUrl(url: string): { type: string; text: string } | undefined {
	const m = /^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s.exec(url);
	if (!m) return undefined;
	const base64 = m[2].split(';').includes('base64');
	const text = base64 ? new TextDecoder().decode(base64ToBytes(m[3])) : decodeURIComponent(m[3]);
	return { type: m[1].toLowerCase(), text };
}

const toBase64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));

/**
 * A tile's artwork reference made safe to show: an SVG data: URL is sanitised and re-encoded, a
 * PNG/JPEG data: URL passes, anything else (a path, a remote URL) is not shown (undefined).
 */
export function safeArtworkUrl(artwork: string | undefined): string | undefined {
	if (!artwork) return undefined;
	const trimmed = artwork.trim();
	if (SAFE_IMAGE.test(trimmed)) return trimmed;
	if (!/^data:image\/svg\+xml/i.test(trimmed)) return undefined;
	try {
		const decoded = decodeDataUrl(trimmed);
		if (!decoded) return undefined;
		return `data:image/svg+xml;base64,${toBase64(sanitizeSvg(decoded.text))}`;
	} catch {
		return undefined;
	}
}

/** An uploaded file's bytes as the data: URL stored in the tile (SVG sanitised first). */
export function artworkDataUrl(type: string, bytes: Uint8Array): string {
	if (type === 'image/svg+xml')
		return `data:image/svg+xml;base64,${toBase64(sanitizeSvg(new TextDecoder().decode(bytes)))}`;
	if (type === 'image/png' || type === 'image/jpeg') {
		return `data:${type};base64,${bytesToBase64(bytes)}`;
	}
	throw new Error(`artwork must be a PNG or SVG image, not ${type || 'an unknown type'}`);
}
