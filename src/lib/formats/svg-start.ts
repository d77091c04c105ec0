// Does a text start as an SVG document: white space, an optional XML declaration, comments, then an
// <svg> start tag? Read by a scanner in one pass (linear in the text): the regular expression it
// replaces, /^\s*(<\?xml[^>]*>\s*)?(<!--[^]*?-->\s*)*<svg[\s>]/, took time exponential in the number
// of comments before a text that is not SVG (any comment could end at any later "-->").

const SPACE = /\s*/y;

/** The index of the first character at or after `i` that is not white space. */
function skipSpace(text: string, i: number): number {
	SPACE.lastIndex = i;
	SPACE.exec(text);
	return SPACE.lastIndex;
}

/** True when `text` starts (after white space, an XML declaration and comments) with `<svg` and a space or `>`. */
export function startsAsSvg(text: string): boolean {
	let i = skipSpace(text, 0);
	if (text.startsWith('<?xml', i)) {
		const end = text.indexOf('>', i);
		if (end < 0) return false;
		i = skipSpace(text, end + 1);
	}
	while (text.startsWith('<!--', i)) {
		// a comment ends at its first "-->" (as in XML)
		const end = text.indexOf('-->', i + 4);
		if (end < 0) return false;
		i = skipSpace(text, end + 3);
	}
	return text.startsWith('<svg', i) && /[\s>]/.test(text.charAt(i + 4));
}
