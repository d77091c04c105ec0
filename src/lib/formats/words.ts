// A count with its noun, singular or plural: "1 design", "2 designs", "1 city", "3 cities".

/** `n` and the noun `one` names one of, in the plural when n is not 1 (`many`: when not `one` + s). */
export function counted(n: number, one: string, many = `${one}s`): string {
	return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
