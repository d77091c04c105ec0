// How deep a parsed JSON value nests, checked without recursion. JSON.parse builds any depth, but
// much else does not survive it (JSON.stringify, structuredClone, SvelteKit's serialiser, ajv's
// error reporting throw RangeError on 10,000 nested arrays), so every reader of a document refuses
// one nested deeper than MAX_NESTING with a located problem before anything else looks at it.
import { pointer, type Problem } from './problems.ts';

/** Arrays and objects inside each other, at most. Real documents nest about 6 levels. */
export const MAX_NESTING = 100;

interface Frame {
	value: unknown;
	depth: number;
	key: string | number;
	up: Frame | undefined;
}

/** The JSON pointer of the first value nested deeper than `limit` levels, or undefined. */
export function nestingFault(value: unknown, limit = MAX_NESTING): string | undefined {
	const stack: Frame[] = [{ value, depth: 0, key: '', up: undefined }];
	while (stack.length > 0) {
		const f = stack.pop()!;
		const v = f.value;
		if (v === null || typeof v !== 'object') continue;
		if (f.depth >= limit) {
			const segs: (string | number)[] = [];
			for (let at: Frame | undefined = f; at?.up; at = at.up) segs.push(at.key);
			return pointer(...segs.reverse());
		}
		if (Array.isArray(v))
			for (let i = 0; i < v.length; i++)
				stack.push({ value: v[i], depth: f.depth + 1, key: i, up: f });
		else
			for (const k of Object.keys(v))
				stack.push({ value: (v as Record<string, unknown>)[k], depth: f.depth + 1, key: k, up: f });
	}
	return undefined;
}

/** The located problem for a value nested too deep, or undefined. */
export function nestingProblem(value: unknown, prefix = ''): Problem | undefined {
	const at = nestingFault(value);
	if (at === undefined) return undefined;
	return {
		pointer: prefix + at,
		message: `arrays and objects are nested more than ${MAX_NESTING} levels deep here: no document needs that many (flatten it)`,
		severity: 'error'
	};
}
