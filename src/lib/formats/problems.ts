// A problem found in a document, located by a JSON pointer (RFC 6901) into that document.
export type Severity = 'error' | 'warning' | 'note';

export interface Problem {
	/** JSON pointer to the faulty value, e.g. `/tiles/3/features/2/cities`; '' is the whole document. */
	pointer: string;
	/** What is wrong, in words a tile designer understands. */
	message: string;
	severity: Severity;
	/**
	 * For a problem of one tile: the places of its border the problem is about (half-sides such as
	 * `WL`, sides such as `N`), for the editor to mark on the tile when the pointer cannot say where
	 * (a half that is in no field has no place in the JSON).
	 */
	places?: string[];
}

/** Builds a JSON pointer from path segments, escaping '~' and '/'. */
export function pointer(...segments: (string | number)[]): string {
	return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** The segments of a JSON pointer, unescaped ('' → none): the inverse of `pointer`. */
export function pointerSegments(ptr: string): string[] {
	if (ptr === '') return [];
	return ptr
		.slice(1)
		.split('/')
		.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a JSON pointer (own properties, list indices), or undefined. */
export function resolvePointer(doc: unknown, ptr: string): unknown {
	let cur: unknown = doc;
	for (const seg of pointerSegments(ptr)) {
		if (Array.isArray(cur)) cur = /^(0|[1-9][0-9]*)$/.test(seg) ? cur[Number(seg)] : undefined;
		else if (cur !== null && typeof cur === 'object' && Object.hasOwn(cur, seg))
			cur = (cur as Record<string, unknown>)[seg];
		else return undefined;
	}
	return cur;
}

export const hasErrors = (problems: readonly Problem[]): boolean =>
	problems.some((p) => p.severity === 'error');

/** How many problems a response or report lists: the first ones, then how many more there are. */
export const MAX_LISTED_PROBLEMS = 100;

/**
 * The first `max` problems, then (when there are more) a note at '' saying how many are not listed:
 * 20,000 wrong outcomes make a readable answer, not 20,001 entries.
 */
export function listedProblems(problems: Problem[], max = MAX_LISTED_PROBLEMS): Problem[] {
	if (problems.length <= max) return problems;
	const more = problems.length - max;
	const errors = problems.slice(max).filter((p) => p.severity === 'error').length;
	return [
		...problems.slice(0, max),
		{
			pointer: '',
			message: `${more.toLocaleString('en-US')} more problem${more === 1 ? '' : 's'} (${errors.toLocaleString('en-US')} error${errors === 1 ? '' : 's'}) not listed: the first ${max} are`,
			severity: 'note'
		}
	];
}
