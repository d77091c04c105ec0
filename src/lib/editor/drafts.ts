// Unsaved work is kept in localStorage, per expansion, with the revision it was based on, so a
// reload or a crash loses nothing; saving or discarding removes it.
import type { Expansion } from '../formats/schema-types.ts';

export interface Draft {
	doc: Expansion;
	/** The revision the draft started from; null for a document never saved. */
	base: string | null;
	savedAt: number;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (id: string): string => `carcassonne-lab:draft:${id}`;

export function loadDraft(storage: DraftStorage, id: string): Draft | undefined {
	try {
		const raw = storage.getItem(draftKey(id));
		if (!raw) return undefined;
		const d = JSON.parse(raw) as Draft;
		if (!d || typeof d !== 'object' || typeof d.doc !== 'object' || d.doc === null) return undefined;
		return d;
	} catch {
		return undefined;
	}
}

/** Writes the draft; false when storage refuses (full, disabled). */
export function storeDraft(storage: DraftStorage, id: string, draft: Draft): boolean {
	try {
		storage.setItem(draftKey(id), JSON.stringify(draft));
		return true;
	} catch {
		return false;
	}
}

export function discardDraft(storage: DraftStorage, id: string): void {
	try {
		storage.removeItem(draftKey(id));
	} catch {
		// nothing to do
	}
}
