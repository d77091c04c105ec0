// The renderer's SVG (tile-svg.ts) read back as a list of shapes to paint, so a canvas can draw a
// tile with paths (Path2D) instead of decoding the SVG as an image (which costs Chromium a document
// per drawing on the page's thread). Pure, no DOM. It reads only the plain subset the renderer
// writes — <svg>, <g>, <path>, <rect>, <circle>, <ellipse> with inherited fills, strokes and
// transforms, and the clip to the tile's own square — and answers null for anything else (a
// designer's own SVG in a look, artwork, a gradient, text …): such a drawing is decoded as an image.

/** A 2-D affine transform [a, b, c, d, e, f] (x' = a x + c y + e, y' = b x + d y + f). */
export type Matrix = [number, number, number, number, number, number];

export type LineCap = 'butt' | 'round' | 'square';
export type LineJoin = 'miter' | 'round' | 'bevel';
export type FillRule = 'nonzero' | 'evenodd';

/** How a shape's outline is stroked and its inside found: inherited, and each shape's as painted. */
export interface LineStyle {
	width: number;
	cap: LineCap;
	join: LineJoin;
	miter: number;
	/** Dash lengths (user space), empty for a solid line, and where the dashes start. */
	dash: number[];
	dashOffset: number;
	rule: FillRule;
}

/** One shape to paint: its outline in its own user space, the transform to the viewBox, its paint. */
export interface PaintOp extends LineStyle {
	d: string;
	m: Matrix;
	/** Fill and stroke colours (null: not painted), each with its own alpha (opacity × fill- or stroke-opacity). */
	fill: string | null;
	fillAlpha: number;
	stroke: string | null;
	strokeAlpha: number;
}

export interface SvgPaint {
	/** The viewBox: x, y, width, height. */
	box: [number, number, number, number];
	ops: PaintOp[];
}

/** Inherited paint properties (SVG's defaults at the root). */
interface Style extends LineStyle {
	fill: string | null;
	stroke: string | null;
	fillOpacity: number;
	strokeOpacity: number;
}

const ROOT: Style = {
	fill: '#000',
	stroke: null,
	fillOpacity: 1,
	strokeOpacity: 1,
	width: 1,
	cap: 'butt',
	join: 'miter',
	miter: 4,
	dash: [],
	dashOffset: 0,
	rule: 'nonzero'
};

/** The line style of an inherited style (its own copy of the fields, not the style's other ones). */
const lineStyle = (s: LineStyle): LineStyle => ({
	width: s.width,
	cap: s.cap,
	join: s.join,
	miter: s.miter,
	dash: s.dash,
	dashOffset: s.dashOffset,
	rule: s.rule
});

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Thrown inside the reader for anything outside the subset; svgPaint answers null. */
class Unsupported extends Error {}
const fail = (what: string): never => {
	throw new Unsupported(what);
};

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
function num(v: string): number {
	const s = v.trim();
	if (!NUMBER.test(s)) fail(`not a plain number: ${v}`);
	return Number(s);
}

/** Colours both SVG and a canvas read alike: hex, rgb()/rgba() with plain numbers, and a few names. */
const COLOUR =
	/^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\([\d.,\s%]+\)|black|white|transparent)$/;
function paint(v: string): string | null {
	const s = v.trim();
	if (s === 'none') return null;
	if (!COLOUR.test(s)) fail(`paint ${v}`);
	return s;
}

export function multiply(p: Matrix, q: Matrix): Matrix {
	return [
		p[0] * q[0] + p[2] * q[1],
		p[1] * q[0] + p[3] * q[1],
		p[0] * q[2] + p[2] * q[3],
		p[1] * q[2] + p[3] * q[3],
		p[0] * q[4] + p[2] * q[5] + p[4],
		p[1] * q[4] + p[3] * q[5] + p[5]
	];
}

/** An SVG transform list (matrix, translate, scale, rotate, skewX, skewY) as one matrix. */
export function parseTransform(v: string): Matrix {
	let m = IDENTITY;
	const rest = v.replace(
		/(?<![a-zA-Z])([a-zA-Z]+)\s*\(([^)]*)\)/g,
		(_, name: string, args: string) => {
			const a = args.trim()
				? args
						.trim()
						.split(/[\s,]+/)
						.map(num)
				: [];
			const t = transformOf(name, a);
			m = multiply(m, t);
			return ' ';
		}
	);
	if (rest.replace(/[\s,]/g, '')) fail(`transform ${v}`);
	return m;
}

function transformOf(name: string, a: number[]): Matrix {
	const need = (...counts: number[]) => counts.includes(a.length) || fail(`${name} arguments`);
	const rad = (deg: number) => (deg * Math.PI) / 180;
	switch (name) {
		case 'matrix':
			need(6);
			return a as Matrix;
		case 'translate':
			need(1, 2);
			return [1, 0, 0, 1, a[0], a[1] ?? 0];
		case 'scale':
			need(1, 2);
			return [a[0], 0, 0, a[1] ?? a[0], 0, 0];
		case 'rotate': {
			need(1, 3);
			const [cos, sin] = [Math.cos(rad(a[0])), Math.sin(rad(a[0]))];
			const r: Matrix = [cos, sin, -sin, cos, 0, 0];
			if (a.length === 1) return r;
			return multiply(multiply([1, 0, 0, 1, a[1], a[2]], r), [1, 0, 0, 1, -a[1], -a[2]]);
		}
		case 'skewX':
			need(1);
			return [1, 0, Math.tan(rad(a[0])), 1, 0, 0];
		case 'skewY':
			need(1);
			return [1, Math.tan(rad(a[0])), 0, 1, 0, 0];
	}
	return fail(`transform ${name}`);
}

/** An <svg> or element attribute list, as a map (only double-quoted values, as the renderer writes). */
function attributes(s: string): Map<string, string> {
	const out = new Map<string, string>();
	const rest = s.replace(
		/(?<![\w:.-])([A-Za-z_:][\w:.-]*)="([^"]*)"/g,
		(_, k: string, v: string) => {
			if (out.has(k)) fail(`attribute ${k} twice`);
			out.set(
				k,
				v.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e])
			);
			return '';
		}
	);
	if (rest.trim()) fail(`attributes ${s}`);
	return out;
}
const ENTITIES: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&apos;': "'"
};

/** Attributes every element may carry without changing the paint. */
const NEUTRAL = new Set(['id', 'role', 'aria-hidden', 'class']);
/** The paint attributes read (inherited, as presentation attributes), and what they set. */
const STYLE: Record<string, (s: Style, v: string) => void> = {
	fill: (s, v) => (s.fill = paint(v)),
	stroke: (s, v) => (s.stroke = paint(v)),
	'fill-opacity': (s, v) => (s.fillOpacity = clamp01(num(v))),
	'stroke-opacity': (s, v) => (s.strokeOpacity = clamp01(num(v))),
	'stroke-width': (s, v) => (s.width = Math.max(0, num(v))),
	'stroke-linecap': (s, v) => (s.cap = oneOf(v, ['butt', 'round', 'square'])),
	'stroke-linejoin': (s, v) => (s.join = oneOf(v, ['miter', 'round', 'bevel'])),
	'stroke-miterlimit': (s, v) => (s.miter = Math.max(1, num(v))),
	'stroke-dasharray': (s, v) => (s.dash = dashes(v)),
	'stroke-dashoffset': (s, v) => (s.dashOffset = num(v)),
	'fill-rule': (s, v) => (s.rule = oneOf(v, ['nonzero', 'evenodd']))
};
const clamp01 = (n: number) => Math.max(0, Math.min(1, n));
function oneOf<T extends string>(v: string, values: T[]): T {
	return values.includes(v.trim() as T) ? (v.trim() as T) : fail(`value ${v}`);
}
/** A dash array; none, a negative or an all-zero one draws a solid line (as SVG does). */
function dashes(v: string): number[] {
	if (v.trim() === 'none') return [];
	const d = v
		.trim()
		.split(/[\s,]+/)
		.map(num);
	return d.some((x) => x < 0) || d.every((x) => x === 0) ? [] : d;
}

/** A basic shape's outline as path data, drawn from the point and in the direction SVG gives it. */
function outline(tag: string, a: Map<string, string>): string | null {
	const n = (k: string, d = 0) => (a.has(k) ? num(a.get(k)!) : d);
	switch (tag) {
		case 'path':
			return a.get('d') ?? '';
		case 'rect': {
			const [x, y, w, h] = [n('x'), n('y'), n('width'), n('height')];
			if (!(w > 0 && h > 0)) return null;
			let rx = a.has('rx') ? n('rx') : a.has('ry') ? n('ry') : 0;
			let ry = a.has('ry') ? n('ry') : rx;
			rx = Math.min(Math.max(rx, 0), w / 2);
			ry = Math.min(Math.max(ry, 0), h / 2);
			if (!rx || !ry) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
			const arc = (ex: number, ey: number) => `A${rx} ${ry} 0 0 1 ${ex} ${ey}`;
			return (
				`M${x + rx} ${y}H${x + w - rx}${arc(x + w, y + ry)}V${y + h - ry}${arc(x + w - rx, y + h)}` +
				`H${x + rx}${arc(x, y + h - ry)}V${y + ry}${arc(x + rx, y)}Z`
			);
		}
		case 'circle':
		case 'ellipse': {
			const [cx, cy] = [n('cx'), n('cy')];
			const [rx, ry] = tag === 'circle' ? [n('r'), n('r')] : [n('rx'), n('ry')];
			if (!(rx > 0 && ry > 0)) return null;
			const arc = (ex: number) => `A${rx} ${ry} 0 0 1 ${ex} ${cy}`;
			return `M${cx + rx} ${cy}${arc(cx - rx)}${arc(cx + rx)}Z`;
		}
	}
	return fail(`element <${tag}>`);
}
const GEOMETRY: Record<string, string[]> = {
	path: ['d'],
	rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
	circle: ['cx', 'cy', 'r'],
	ellipse: ['cx', 'cy', 'rx', 'ry']
};

/** The elements of an SVG string: open, close and self-closing tags, and the text between them. */
const TOKEN = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"]*")*)\s*(\/?)>|([^<]+)|(<)/g;

/**
 * The renderer's SVG as shapes to paint, in order; null when it holds anything outside the subset
 * this reads (the drawing is then to be decoded as an image).
 */
export function svgPaint(svg: string): SvgPaint | null {
	try {
		return read(svg);
	} catch (e) {
		if (e instanceof Unsupported) return null;
		throw e;
	}
}

function read(svg: string): SvgPaint {
	const ops: PaintOp[] = [];
	let box: SvgPaint['box'] | undefined;
	/** Open elements: their tag, style and transform. */
	const stack: { tag: string; style: Style; m: Matrix }[] = [];
	/** Clip paths that are the viewBox's own square (a canvas of the tile clips to it anyway). */
	const squareClips = new Set<string>();
	let skipping: string | null = null; // inside <title> or <defs>
	let clip: { id: string; ok: boolean } | null = null;
	for (const t of svg.matchAll(TOKEN)) {
		const [, close, tag, attrText, selfClose, text, stray] = t;
		if (stray) fail('a stray <');
		if (text !== undefined) {
			if (skipping === 'title' || !text.trim()) continue;
			fail('text');
		}
		if (close) {
			const top = skipping ? null : stack.pop();
			if (skipping === tag) {
				skipping = null;
				continue;
			}
			if (skipping) {
				if (tag === 'clipPath' && clip) {
					if (clip.ok) squareClips.add(clip.id);
					clip = null;
				}
				continue;
			}
			if (!top || top.tag !== tag) fail(`</${tag}>`);
			continue;
		}
		const a = attributes(attrText);
		if (skipping === 'defs') {
			clip = readDefs(tag, a, clip, box!);
			if (tag === 'clipPath' && selfClose) clip = null;
			continue;
		}
		if (skipping) fail(`<${tag}> in <${skipping}>`);
		if (tag === 'title' || tag === 'defs') {
			if (!stack.length) fail(`<${tag}> outside <svg>`);
			if (!selfClose) skipping = tag;
			continue;
		}
		if (tag === 'svg') {
			if (stack.length || box) fail('a nested <svg>');
			box = viewBox(a);
		} else if (!stack.length) fail(`<${tag}> outside <svg>`);
		const parent = stack[stack.length - 1];
		const style = { ...(parent?.style ?? ROOT) };
		let m = parent?.m ?? IDENTITY;
		let opacity = 1;
		for (const [k, v] of a) {
			if (STYLE[k]) STYLE[k](style, v);
			else if (k === 'transform' && tag !== 'svg') m = multiply(m, parseTransform(v));
			else if (k === 'opacity') opacity = clamp01(num(v));
			else if (k === 'clip-path') {
				const id = /^url\(#([^)]+)\)$/.exec(v.trim())?.[1];
				if (!id || !squareClips.has(id) || stack.length !== 1 || !isIdentity(m))
					fail(`clip-path ${v}`);
			} else if (
				!NEUTRAL.has(k) &&
				!(tag === 'svg' && ['xmlns', 'width', 'height', 'viewBox'].includes(k)) &&
				!GEOMETRY[tag]?.includes(k)
			)
				fail(`attribute ${k} of <${tag}>`);
		}
		if (tag === 'svg' || tag === 'g') {
			// a group's opacity composites its content as one layer: not in this subset
			if (opacity !== 1) fail('a group with an opacity');
			if (!selfClose) stack.push({ tag, style, m });
			continue;
		}
		const d = outline(tag, a);
		if (!selfClose) stack.push({ tag, style, m });
		if (d === null || !d.trim()) continue;
		const fill = style.fill && style.fillOpacity * opacity > 0 ? style.fill : null;
		const stroke =
			style.stroke && style.width > 0 && style.strokeOpacity * opacity > 0 ? style.stroke : null;
		// an element's opacity over both a fill and a stroke composites them as one layer
		if (fill && stroke && opacity !== 1) fail('an opacity over a fill and a stroke');
		if (!fill && !stroke) continue;
		ops.push({
			d,
			m,
			fill,
			fillAlpha: style.fillOpacity * opacity,
			stroke,
			strokeAlpha: style.strokeOpacity * opacity,
			...lineStyle(style)
		});
	}
	if (!box || stack.length || skipping) fail('an unfinished <svg>');
	return { box: box!, ops };
}

const isIdentity = (m: Matrix) => m.every((v, i) => v === IDENTITY[i]);

function viewBox(a: Map<string, string>): SvgPaint['box'] {
	const v = a.get('viewBox');
	if (!v) return fail('no viewBox');
	const b = v
		.trim()
		.split(/[\s,]+/)
		.map(num);
	if (b.length !== 4 || !(b[2] > 0 && b[3] > 0)) fail(`viewBox ${v}`);
	// the drawing is fitted to a square: only a square viewBox keeps its proportions
	if (b[2] !== b[3]) fail('a viewBox that is not square');
	return b as SvgPaint['box'];
}

/** Inside <defs>: only clip paths that are one rectangle covering the viewBox. */
function readDefs(
	tag: string,
	a: Map<string, string>,
	clip: { id: string; ok: boolean } | null,
	box: SvgPaint['box']
): { id: string; ok: boolean } | null {
	if (tag === 'clipPath' && !clip) {
		const id = a.get('id');
		if (!id || a.size !== 1) fail('a clip path');
		return { id: id!, ok: false };
	}
	if (tag === 'rect' && clip && !clip.ok) {
		const n = (k: string) => (a.has(k) ? num(a.get(k)!) : 0);
		const extra = [...a.keys()].some((k) => !['x', 'y', 'width', 'height'].includes(k));
		const covers =
			n('x') <= box[0] &&
			n('y') <= box[1] &&
			n('x') + n('width') >= box[0] + box[2] &&
			n('y') + n('height') >= box[1] + box[3];
		if (extra || !covers) fail('a clip path other than the square');
		return { id: clip.id, ok: true };
	}
	return fail(`<${tag}> in <defs>`);
}
