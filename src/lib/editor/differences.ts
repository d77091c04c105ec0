// What differs between two versions of an expansion, in a designer's words (for the 409 choice).
import type { Expansion } from '../formats/schema-types.ts';

export function describeDifferences(mine: Expansion, theirs: Expansion | null): string[] {
	if (!theirs) return ['The saved version could not be read.'];
	const out: string[] = [];
	const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
	keys.delete('tiles');
	for (const k of [...keys].sort()) {
		const a = JSON.stringify((mine as unknown as Record<string, unknown>)[k]);
		const b = JSON.stringify((theirs as unknown as Record<string, unknown>)[k]);
		if (a !== b) out.push(`${k}: mine ${a ?? '(none)'}, theirs ${b ?? '(none)'}`);
	}
	const mineById = new Map((mine.tiles ?? []).map((t) => [t.id, t]));
	const theirsById = new Map((theirs.tiles ?? []).map((t) => [t.id, t]));
	for (const [id, t] of mineById) {
		const o = theirsById.get(id);
		if (!o) out.push(`tile ${id}: only in mine`);
		else if (JSON.stringify(o) !== JSON.stringify(t)) out.push(`tile ${id}: changed`);
	}
	for (const id of theirsById.keys()) if (!mineById.has(id)) out.push(`tile ${id}: only in theirs`);
	const order = (d: Expansion) => (d.tiles ?? []).map((t) => t.id).join(',');
	if (out.length === 0 && order(mine) !== order(theirs)) out.push('the order of the tiles');
	return out;
}
