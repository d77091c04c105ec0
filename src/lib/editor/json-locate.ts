// Finds where a JSON pointer's value sits in JSON text, to put a marker on it. A small tolerant
// parser: on broken text it still maps everything before the fault.
export interface Span {
	/** Offset of the value's first character. */
	start: number;
	/** Offset just after the value. */
	end: number;
	/** Offset of the property name, when the value is an object member. */
	keyStart?: number;
}

const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every value's span by JSON pointer ('' is the root). */
export function spansOf(text: string): Map<string, Span> {
	const spans = new Map<string, Span>();
	let i = 0;
	const ws = () => {
		while (i < text.length && /\s/.test(text[i])) i++;
	};
	const fail = (): never => {
		throw new SyntaxError(`unexpected input at ${i}`);
	};
	const str = (): string => {
		if (text[i] !== '"') fail();
		const s = i++;
		while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
		if (i >= text.length) fail();
		i++;
		try {
			return JSON.parse(text.slice(s, i)) as string;
		} catch {
			return text.slice(s + 1, i - 1);
		}
	};
	const value = (ptr: string, keyStart?: number): void => {
		ws();
		const start = i;
		const c = text[i];
		if (c === '{') {
			i++;
			ws();
			if (text[i] === '}') i++;
			else
				for (;;) {
					ws();
					const ks = i;
					const key = str();
					ws();
					if (text[i] !== ':') fail();
					i++;
					value(`${ptr}/${escapeSegment(key)}`, ks);
					ws();
					if (text[i] === ',') {
						i++;
						continue;
					}
					if (text[i] === '}') {
						i++;
						break;
					}
					fail();
				}
		} else if (c === '[') {
			i++;
			ws();
			if (text[i] === ']') i++;
			else
				for (let n = 0; ; n++) {
					value(`${ptr}/${n}`);
					ws();
					if (text[i] === ',') {
						i++;
						continue;
					}
					if (text[i] === ']') {
						i++;
						break;
					}
					fail();
				}
		} else if (c === '"') str();
		else {
			const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
			if (!m) fail();
			i += m![0].length;
		}
		spans.set(ptr, { start, end: i, keyStart });
	};
	try {
		value('');
	} catch {
		// keep what was mapped before the fault
	}
	return spans;
}

/**
 * The span to mark for a pointer: its value, or the nearest enclosing value that exists (a
 * missing property is reported on its object). For a member, the marker covers name and value.
 */
export function locatePointer(text: string, pointer: string, spans = spansOf(text)): Span {
	let p = pointer;
	for (;;) {
		const s = spans.get(p);
		if (s) return { start: s.keyStart ?? s.start, end: s.end, keyStart: s.keyStart };
		if (p === '') return { start: 0, end: Math.min(text.length, 1) };
		p = p.slice(0, p.lastIndexOf('/'));
	}
}
