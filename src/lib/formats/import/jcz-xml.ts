// Reading fast-xml-parser's ordered nodes as JCloisterZone's files use them: an element's name,
// children, attributes and text (the five XML entities and character references decoded: entity
// processing is off in the parser), and a DOCTYPE blanked out before parsing. Pure.

export type Node = Record<string, unknown>;

/** Blanks out a DOCTYPE declaration (with its internal subset), keeping line numbers. */
export function stripDoctype(xml: string): { xml: string; found: boolean } {
	const start = xml.search(/<!DOCTYPE/i);
	if (start < 0) return { xml, found: false };
	let i = start + 9;
	let depth = 0;
	let quote: string | null = null;
	for (; i < xml.length; i++) {
		const c = xml[i];
		if (quote) {
			if (c === quote) quote = null;
		} else if (c === '"' || c === "'") quote = c;
		else if (c === '[') depth++;
		else if (c === ']') depth--;
		else if (c === '>' && depth <= 0) break;
	}
	const blank = xml.slice(start, i + 1).replace(/[^\n]/g, ' ');
	return { xml: xml.slice(0, start) + blank + xml.slice(i + 1), found: true };
}

export const nameOf = (n: Node): string | undefined => Object.keys(n).find((k) => k !== ':@');
export const childrenOf = (n: Node): Node[] => {
	const k = nameOf(n);
	const c = k ? n[k] : undefined;
	return Array.isArray(c) ? (c as Node[]) : [];
};
/** The five XML entities and character references, decoded (entity processing is off in the parser). */
const decode = (t: string): string =>
	t.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (all, e: string) => {
		if (e[0] !== '#')
			return ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[e];
		const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
		return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
	});
export const attrsOf = (n: Node): Record<string, string> =>
	Object.fromEntries(
		Object.entries((n[':@'] as Record<string, string> | undefined) ?? {}).map(([k, v]) => [
			k,
			decode(String(v))
		])
	);
export const textOf = (n: Node): string =>
	decode(
		childrenOf(n)
			.map((c) =>
				typeof c['#text'] === 'string' || typeof c['#text'] === 'number' ? String(c['#text']) : ''
			)
			.join(' ')
			.trim()
	);
export const elements = (nodes: Node[], name?: string): Node[] =>
	nodes.filter((n) => {
		const k = nameOf(n);
		return (
			k !== undefined &&
			k !== '#text' &&
			k !== '#comment' &&
			!k.startsWith('?') &&
			(name === undefined || k === name)
		);
	});

export const parseBool = (v: string) => v === 'true' || v === '1' || v === 'yes';
