// One scanner of JSON text for two questions: where does each value stand (JSON pointer → offsets,
// for editor markers) and where does broken text go wrong (line and column: Node 20's JSON.parse
// does not always say, its messages quote the text instead of giving a position). On broken text
// the values before the fault are still mapped.
import { MAX_NESTING } from './nesting.ts';

export interface Span {
	/** Offset of the value's first character. */
	start: number;
	/** Offset just after the value. */
	end: number;
	/** Offset of the property name, when the value is an object member. */
	keyStart?: number;
}

export interface JsonFault {
	/** Offset of the fault in the text (UTF-16 code units). */
	position: number;
	line: number;
	column: number;
	/** What was expected there. */
	expected: string;
}

export interface JsonScan {
	/** Every value's span by JSON pointer ('' is the root), up to the first fault. */
	spans: Map<string, Span>;
	/** The first syntax fault, or undefined when the text is well-formed JSON. */
	fault?: JsonFault;
}

class Fault extends Error {
	constructor(
		readonly at: number,
		readonly expected: string
	) {
		super(expected);
	}
}

const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Scans a JSON text by the grammar of RFC 8259: value spans and the first fault. */
export function scanJson(text: string): JsonScan {
	const spans = new Map<string, Span>();
	let i = 0;
	const ws = () => {
		while (
			i < text.length &&
			(text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')
		)
			i++;
	};
	const literal = (word: string) => {
		for (let k = 0; k < word.length; k++)
			if (text[i + k] !== word[k]) throw new Fault(i + k, `'${word}'`);
		i += word.length;
	};
	/** A string; returns its offset (its value is decoded only where needed: property names). */
	const string = (): number => {
		if (text[i] !== '"') throw new Fault(i, 'a string in double quotes');
		const start = i++;
		for (;;) {
			if (i >= text.length) throw new Fault(i, 'the closing quote of the string');
			const c = text.charCodeAt(i);
			if (c === 0x22) {
				i++;
				return start;
			}
			if (c < 0x20) throw new Fault(i, 'no control character inside a string (escape it)');
			if (c === 0x5c) {
				const e = text[i + 1];
				if (e === 'u') {
					if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
						throw new Fault(i, 'four hex digits after \\u');
					i += 6;
				} else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
				else throw new Fault(i, 'a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
			} else i++;
		}
	};
	const number = () => {
		const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
		if (!m || m[0] === '' || m[0] === '-') throw new Fault(i, 'a value');
		i += m[0].length;
	};
	const value = (ptr: string, depth: number, keyStart?: number): void => {
		ws();
		const start = i;
		const c = text[i];
		// recursion stays shallow: deeper text is refused as every reader refuses the parsed value (nesting.ts)
		if (depth >= MAX_NESTING && (c === '{' || c === '['))
			throw new Fault(i, `at most ${MAX_NESTING} levels of arrays and objects inside each other`);
		if (c === '{') {
			i++;
			ws();
			if (text[i] === '}') i++;
			else
				for (;;) {
					ws();
					const ks = string();
					const key = JSON.parse(text.slice(ks, i)) as string;
					ws();
					if (text[i] !== ':') throw new Fault(i, "':' after the property name");
					i++;
					value(`${ptr}/${escapeSegment(key)}`, depth + 1, ks);
					ws();
					if (text[i] === ',') {
						i++;
						continue;
					}
					if (text[i] === '}') {
						i++;
						break;
					}
					throw new Fault(i, "',' or '}'");
				}
		} else if (c === '[') {
			i++;
			ws();
			if (text[i] === ']') i++;
			else
				for (let n = 0; ; n++) {
					value(`${ptr}/${n}`, depth + 1);
					ws();
					if (text[i] === ',') {
						i++;
						continue;
					}
					if (text[i] === ']') {
						i++;
						break;
					}
					throw new Fault(i, "',' or ']'");
				}
		} else if (c === '"') string();
		else if (c === 't') literal('true');
		else if (c === 'f') literal('false');
		else if (c === 'n') literal('null');
		else number();
		spans.set(ptr, { start, end: i, keyStart });
	};
	try {
		value('', 0);
		ws();
		if (i < text.length) throw new Fault(i, 'the end of the document');
		return { spans };
	} catch (e) {
		if (!(e instanceof Fault)) throw e;
		const before = text.slice(0, e.at);
		const line = before.split('\n').length;
		return {
			spans,
			fault: { position: e.at, line, column: e.at - before.lastIndexOf('\n'), expected: e.expected }
		};
	}
}

/** Every value's span by JSON pointer ('' is the root); on broken text, those before the fault. */
export const spansOf = (text: string): Map<string, Span> => scanJson(text).spans;

/** The first syntax fault of a JSON text, or undefined when it is well-formed. */
export const findJsonFault = (text: string): JsonFault | undefined => scanJson(text).fault;

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
