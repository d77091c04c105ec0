// Unsaved work is kept in localStorage, per expansion, with the revision it was based on, so a
// reload or a crash loses nothing; saving or discarding removes it.
import type { Expansion } from '../formats/schema-types.ts';

export interface Draft {
	doc: Expansion;
	/** The revision the draft started from; null for a document never saved. */
	base: string | null;
	savedAt: number;
	/**
	 * Raw JSON text of tiles whose code view does not parse, by the id of the tile it was typed
	 * over (the document keeps that tile's last good version): typing is never lost on a reload.
	 */
	pending?: Record<string, string>;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (id: string): string => `carcassonne-lab:draft:${id}`;

export function loadDraft(storage: DraftStorage, id: string): Draft | undefined {
	try {
		const raw = storage.getItem(draftKey(id));
		if (!raw) return undefined;
		const d = JSON.parse(raw) as Draft;
		if (!d || typeof d !== 'object' || typeof d.doc !== 'object' || d.doc === null)
			return undefined;
		if (d.pending !== undefined) {
			const ok = typeof d.pending === 'object' && d.pending !== null && !Array.isArray(d.pending);
			const pending = ok
				? Object.fromEntries(Object.entries(d.pending).filter(([, v]) => typeof v === 'string'))
				: {};
			if (Object.keys(pending).length) d.pending = pending;
			else delete d.pending;
		}
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

/**
 * The unsaved document of an expansion's draft, handed from the editor to a page that plays it
 * (Test in sandbox, Check interactions: `?draft=<id>` after `flushDraft`); undefined without one.
 */
export function draftDocument(
	storage: DraftStorage | undefined,
	id: string | null | undefined
): Expansion | undefined {
	const d = id && storage ? loadDraft(storage, id) : undefined;
	return d && d.doc.id === id ? d.doc : undefined;
}
