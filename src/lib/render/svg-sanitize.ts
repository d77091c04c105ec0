// Artwork SVG is data from a designer's file: before it is shown it goes through DOMPurify's SVG
// profile (with SVG filters), parsed by the same kind of parser that will draw it (the browser's; on
// the server and in the CLI jsdom's, loaded the first time an SVG is sanitised there). Besides what
// the profile removes (scripts, event handlers, foreignObject, animations, unknown elements), links
// go: <a>, <style> sheets and the profile's animations (artwork is still) are forbidden, and a hook keeps an href only when it points inside the
// document (`#id`, so <use> is allowed for local references) or, on <image>, is an embedded raster
// image (data:image/png|jpeg|gif|webp;base64), and drops every attribute whose url(…) leaves the
// document. The result is serialised as XML (a data:image/svg+xml must be well-formed).
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { base64ToBytes, bytesToBase64 } from '../formats/base64.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** An href-like attribute kept: a reference inside the document, or an embedded raster image on <image>. */
function hrefAllowed(element: string, value: string): boolean {
	if (value.trim().startsWith('#')) return true;
	return element === 'image' && SAFE_IMAGE.test(value.trim());
}

interface Sanitizer {
	purify: DOMPurify;
	serialize: (node: Node) => string;
}
let sanitizer: Sanitizer | undefined;

/** The page's window in a browser; elsewhere a jsdom window, its module required on first use. */
function domWindow(): WindowLike & { XMLSerializer: typeof XMLSerializer } {
	if (typeof window !== 'undefined') return window;
	// Node: no static import, so the browser bundle never meets jsdom (a runtime dependency)
	const { createRequire } = process.getBuiltinModule('node:module');
	const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
		JSDOM: new (html: string) => { window: WindowLike & { XMLSerializer: typeof XMLSerializer } };
	};
	return new JSDOM('').window;
}

function sanitizerOf(): Sanitizer {
	if (sanitizer) return sanitizer;
	const win = domWindow();
	const purify = createDOMPurify(win);
	purify.addHook('uponSanitizeAttribute', (node, data) => {
		const name = data.attrName.toLowerCase();
		if (name === 'href' || name.endsWith(':href') || name === 'src') {
			data.keepAttr = hrefAllowed(node.nodeName.toLowerCase(), data.attrValue);
			// a data: image on <image> is ours to allow (the profile's URI rules would judge it otherwise)
			data.forceKeepAttr = data.keepAttr || undefined;
			return;
		}
		// url(…) may only point inside the document (fill, clip-path, style, …)
		const v = data.attrValue.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
		for (const m of v.matchAll(/url\(([^)]*)\)/g))
			if (!m[1].replace(/['"]/g, '').startsWith('#')) data.keepAttr = false;
		if (v.includes('javascript:') || v.includes('expression(') || v.includes('@import'))
			data.keepAttr = false;
	});
	const xml = new win.XMLSerializer();
	sanitizer = { purify, serialize: (node) => xml.serializeToString(node) };
	return sanitizer;
}

/** The SVG text with only safe drawing content left; throws when the text is not an SVG document. */
export function sanitizeSvg(svg: string): string {
	const { purify, serialize } = sanitizerOf();
	const fragment = purify.sanitize(svg, {
		USE_PROFILES: { svg: true, svgFilters: true },
		ADD_TAGS: ['use'],
		FORBID_TAGS: ['a', 'style', 'animatecolor', 'animatemotion', 'animatetransform'],
		RETURN_DOM_FRAGMENT: true
	});
	const root = fragment.firstElementChild;
	if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg')
		throw new Error('not an SVG document (its root element must be <svg>)');
	return serialize(root);
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
