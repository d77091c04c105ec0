// Pure edits of a document at a JSON pointer (RFC 6901): set a value, remove it, move a list item,
// rename a map entry. Each returns a new document sharing what it did not change, or the same
// document when there is nothing to do (a pointer through something that is not there).
import { pointerSegments, resolvePointer } from '../formats/problems.ts';

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] =>
	v !== null && typeof v === 'object';

/** The value at a pointer, or undefined (the validator's reading of a pointer). */
export const getAt = resolvePointer;

function update(
	node: unknown,
	segs: string[],
	fn: (old: unknown) => unknown | typeof REMOVE
): unknown {
	if (segs.length === 0) return fn(node);
	const [head, ...rest] = segs;
	// a missing object on the way is made (setting dataRules.rules when there is no dataRules)
	const container = isContainer(node) ? node : {};
	const old = (container as Record<string, unknown>)[head];
	const next = update(old, rest, fn);
	if (next === old && isContainer(node)) return node;
	if (Array.isArray(container)) {
		const i = Number(head);
		if (!Number.isInteger(i) || i < 0 || i > container.length) return node;
		const copy = [...container];
		if (next === REMOVE) copy.splice(i, 1);
		else copy[i] = next;
		return copy;
	}
	const copy = { ...container };
	if (next === REMOVE) delete copy[head];
	else copy[head] = next;
	return copy;
}

const REMOVE = Symbol('remove');

/** The document with the value at `pointer` set. */
export function setAt<T>(doc: T, pointer: string, value: unknown): T {
	return update(doc, pointerSegments(pointer), () => value) as T;
}

/** The document without the value at `pointer` (an object's property or a list's item). */
export function removeAt<T>(doc: T, pointer: string): T {
	if (getAt(doc, pointer) === undefined) return doc;
	return update(doc, pointerSegments(pointer), () => REMOVE) as T;
}

/** The document with the list at `pointer` having its item `from` moved to `to`. */
export function moveItem<T>(doc: T, pointer: string, from: number, to: number): T {
	const list = getAt(doc, pointer);
	if (
		!Array.isArray(list) ||
		from === to ||
		from < 0 ||
		to < 0 ||
		from >= list.length ||
		to >= list.length
	)
		return doc;
	const copy = [...list];
	const [item] = copy.splice(from, 1);
	copy.splice(to, 0, item);
	return setAt(doc, pointer, copy);
}

/** The document with the map at `pointer` having its entry `from` renamed `to`, in the same place. */
export function renameKey<T>(doc: T, pointer: string, from: string, to: string): T {
	const map = getAt(doc, pointer);
	if (
		!isContainer(map) ||
		Array.isArray(map) ||
		from === to ||
		!(from in map) ||
		to in map ||
		to === ''
	)
		return doc;
	return setAt(
		doc,
		pointer,
		Object.fromEntries(Object.entries(map).map(([k, v]) => [k === from ? to : k, v]))
	);
}
