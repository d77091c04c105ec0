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

export const hasErrors = (problems: readonly Problem[]): boolean => problems.some((p) => p.severity === 'error');
