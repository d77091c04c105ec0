// Where a JSON text goes wrong: Node 20's JSON.parse does not always say (its messages quote the
// text instead of giving a position), so a small scanner of the JSON grammar finds the first fault.
export interface JsonFault {
	/** Offset of the fault in the text (UTF-16 code units). */
	position: number;
	line: number;
	column: number;
	/** What was expected there. */
	expected: string;
}

class Fault extends Error {
	constructor(
		readonly at: number,
		readonly expected: string
	) {
		super(expected);
	}
}

/** The first syntax fault of a JSON text, or undefined when it is well-formed. */
export function findJsonFault(text: string): JsonFault | undefined {
	let i = 0;
	const ws = () => {
		while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
	};
	const literal = (word: string) => {
		for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) throw new Fault(i + k, `'${word}'`);
		i += word.length;
	};
	const string = () => {
		if (text[i] !== '"') throw new Fault(i, 'a string in double quotes');
		i++;
		for (;;) {
			if (i >= text.length) throw new Fault(i, 'the closing quote of the string');
			const c = text.charCodeAt(i);
			if (c === 0x22) {
				i++;
				return;
			}
			if (c < 0x20) throw new Fault(i, 'no control character inside a string (escape it)');
			if (c === 0x5c) {
				const e = text[i + 1];
				if (e === 'u') {
					if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Fault(i, 'four hex digits after \\u');
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
	const value = (depth: number): void => {
		if (depth > 10_000) throw new Fault(i, 'less nesting');
		ws();
		const c = text[i];
		if (c === '{') {
			i++;
			ws();
			if (text[i] === '}') {
				i++;
				return;
			}
			for (;;) {
				ws();
				string();
				ws();
				if (text[i] !== ':') throw new Fault(i, "':' after the property name");
				i++;
				value(depth + 1);
				ws();
				if (text[i] === ',') {
					i++;
					continue;
				}
				if (text[i] === '}') {
					i++;
					return;
				}
				throw new Fault(i, "',' or '}'");
			}
		}
		if (c === '[') {
			i++;
			ws();
			if (text[i] === ']') {
				i++;
				return;
			}
			for (;;) {
				value(depth + 1);
				ws();
				if (text[i] === ',') {
					i++;
					continue;
				}
				if (text[i] === ']') {
					i++;
					return;
				}
				throw new Fault(i, "',' or ']'");
			}
		}
		if (c === '"') return string();
		if (c === 't') return literal('true');
		if (c === 'f') return literal('false');
		if (c === 'n') return literal('null');
		number();
	};
	try {
		value(0);
		ws();
		if (i < text.length) throw new Fault(i, 'the end of the document');
		return undefined;
	} catch (e) {
		if (!(e instanceof Fault)) throw e;
		const before = text.slice(0, e.at);
		const line = before.split('\n').length;
		return { position: e.at, line, column: e.at - before.lastIndexOf('\n'), expected: e.expected };
	}
}
