// Artwork SVG is data from a designer's file: before it is shown it goes through DOMPurify's SVG
// profile (with SVG filters), parsed by the same kind of parser that will draw it (the browser's; on
// the server and in the CLI jsdom's, loaded the first time an SVG is sanitised there). Besides what
// the profile removes (scripts, event handlers, foreignObject, animations, unknown elements), links
// go: <a>, <style> sheets and the profile's animations (artwork is still) are forbidden, and a hook keeps an href only when it points inside the
// document (`#id`, so <use> is allowed for local references) or, on <image>, is an embedded raster
// image (data:image/png|jpeg|gif|webp;base64), and drops every other attribute that, read as CSS
// with its escapes resolved, calls a function outside an allowlist or a url(…) that leaves the
// document (cssAllowed). The result is serialised as XML (a data:image/svg+xml must be well-formed).
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { base64ToBytes, bytesToBase64 } from '../formats/base64.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** An href-like attribute kept: a reference inside the document, or an embedded raster image on <image>. */
function hrefAllowed(element: string, value: string): boolean {
	if (value.trim().startsWith('#')) return true;
	return element === 'image' && SAFE_IMAGE.test(value.trim());
}

/**
 * CSS text as a CSS parser reads it: comments removed, escapes resolved (`\75 rl(` and `u\rl(` are
 * `url(`; `\` and a newline vanish).
 */
export function cssUnescaped(v: string): string {
	let out = '';
	for (let i = 0; i < v.length; i++) {
		const c = v[i];
		if (c === '/' && v[i + 1] === '*') {
			const end = v.indexOf('*/', i + 2);
			i = end < 0 ? v.length : end + 1;
			continue;
		}
		if (c !== '\\') {
			out += c;
			continue;
		}
		let j = i + 1;
		while (j < v.length && j - i <= 6 && isHex(v.charCodeAt(j))) j++;
		if (j > i + 1) {
			const cp = parseInt(v.slice(i + 1, j), 16);
			out +=
				cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)
					? '\ufffd'
					: String.fromCodePoint(cp);
			if (v[j] === '\r' && v[j + 1] === '\n') j++;
			if (j < v.length && ' \t\n\r\f'.includes(v[j])) j++;
			i = j - 1;
		} else if (j < v.length) {
			if (v[j] !== '\n' && v[j] !== '\r' && v[j] !== '\f') out += v[j];
			i = j;
		}
	}
	return out;
}
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * CSS functions an attribute may call: colours, transforms, filters' own functions, shapes and
 * arithmetic — none of them loads anything. `url` is allowed to a reference inside the document
 * only (`url(#id)`); '' is a bare parenthesis (`calc((1 + 2) * 3)`).
 */
const CSS_FUNCTIONS = new Set(
	(
		' url rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix calc min max clamp var' +
		' matrix matrix3d translate translatex translatey translatez translate3d scale scalex scaley' +
		' scalez scale3d rotate rotatex rotatey rotatez rotate3d skew skewx skewy perspective' +
		' blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia' +
		' linear-gradient radial-gradient conic-gradient repeating-linear-gradient' +
		' repeating-radial-gradient repeating-conic-gradient cubic-bezier steps' +
		' inset circle ellipse polygon path rect xywh'
	).split(' ')
);

/**
 * Whether an attribute's value (a presentation attribute, a style, any other) loads nothing from
 * elsewhere: read as CSS (escapes resolved, lower case), every function it calls is
 * in CSS_FUNCTIONS and every url(…) points inside the document. An allowlist: image-set(…),
 * cross-fade(…), src(…) and anything not listed drop the attribute.
 */
export function cssAllowed(value: string): boolean {
	const v = cssUnescaped(value).toLowerCase();
	if (v.includes('javascript:') || v.includes('@import')) return false;
	let name = '';
	for (let i = 0; i < v.length; i++) {
		const c = v[i];
		if (c !== '(') {
			name = /[a-z0-9_-]/.test(c) ? name + c : '';
			continue;
		}
		if (!CSS_FUNCTIONS.has(name)) return false;
		if (name === 'url') {
			const end = v.indexOf(')', i);
			const target = v.slice(i + 1, end < 0 ? v.length : end).replace(/[\s\p{Cc}'"]/gu, '');
			if (!target.startsWith('#')) return false;
		}
		name = '';
	}
	return true;
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
		if (!cssAllowed(data.attrValue)) data.keepAttr = false;
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
export function safeArtworkUrl(artwork: unknown): string | undefined {
	if (typeof artwork !== 'string' || !artwork) return undefined;
	const trimmed = artwork.trim();
	if (SAFE_IMAGE.test(trimmed)) return trimmed;
	if (!/^data:image\/svg\+xml/i.test(trimmed)) return undefined;
	let safe = artCache.get(trimmed);
	if (safe === undefined) {
		try {
			const decoded = decodeDataUrl(trimmed);
			safe = decoded ? `data:image/svg+xml;base64,${toBase64(sanitizeSvg(decoded.text))}` : null;
		} catch {
			safe = null;
		}
		if (artCache.size > 50) artCache.clear();
		artCache.set(trimmed, safe);
	}
	return safe ?? undefined;
}
/** Artwork already sanitised (an export draws each tile's artwork once per file it writes). */
const artCache = new Map<string, string | null>();

/** An uploaded file's bytes as the data: URL stored in the tile (SVG sanitised first). */
export function artworkDataUrl(type: string, bytes: Uint8Array): string {
	if (type === 'image/svg+xml')
		return `data:image/svg+xml;base64,${toBase64(sanitizeSvg(new TextDecoder().decode(bytes)))}`;
	if (type === 'image/png' || type === 'image/jpeg') {
		return `data:${type};base64,${bytesToBase64(bytes)}`;
	}
	throw new Error(`artwork must be a PNG or SVG image, not ${type || 'an unknown type'}`);
}
