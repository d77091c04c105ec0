// The state of one expansion being edited: the document (plain records, replaced on every edit),
// the revision it is based on, the undo history, the local draft and the save flow. Pages and
// components read its fields and call its methods; the edits themselves are the pure commands.
import type { Expansion, Tile } from '../formats/schema-types.ts';
import type { Problem } from '../formats/problems.ts';
import { validateExpansion } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';
import { History } from './history.ts';
import { discardDraft, loadDraft, storeDraft, type DraftStorage } from './drafts.ts';
import { saveExpansion, type SaveOutcome } from './api.ts';
import { replaceTile } from './expansion-commands.ts';
import { looksInPlay } from '../render/looks.ts';

export interface Conflict {
	message: string;
	theirs: Expansion | null;
	theirsText: string;
	/** Their revision: keeping mine saves over it. */
	revision: string;
}

export interface EditorInit {
	doc: Expansion;
	/** Revision on the server; null for a document not saved yet. */
	revision: string | null;
	readOnly: boolean;
	available?: ReadonlyMap<string, Expansion>;
	storage?: DraftStorage;
	fetch?: typeof fetch;
}

/** Shown while the local draft cannot be written. */
export const DRAFT_NOT_STORED =
	"Your unsaved changes could not be kept in this browser's storage (it is full or turned off): they are only in this tab now. Save them, or make room (large artwork takes the most space). The draft is tried again on every change.";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One undo point: the document and the code-view texts that did not parse (typing is work too). */
interface Snapshot {
	doc: Expansion;
	pending: Record<string, string>;
}

export interface EditOptions {
	/** false: not an undo step (a stroke's intermediate points). */
	undoable?: boolean;
	/** Quick successive edits with the same key (typing, one drag) make one undo step. */
	coalesce?: string;
	/** How quick, in ms (1,000 by default); Infinity: the run lasts until sealed (one stroke, however slow). */
	coalesceWindow?: number;
}

/** A code view showing part of the document, with typed text that does not parse. */
export interface TypedView {
	/** In the question: "the data rules' JSON". */
	what: string;
	/** Why it does not parse. */
	error: string;
	/** The part of the document the view shows: an edit that changes it replaces the text. */
	read: (doc: Expansion) => unknown;
}

export class ExpansionEditor {
	readonly id: string;
	doc = $state.raw<Expansion>(null as unknown as Expansion);
	/** The document as last loaded from or saved to the server. */
	saved = $state.raw<Expansion | null>(null);
	/** The revision the current work is based on (sent as If-Match). */
	base = $state<string | null>(null);
	readOnly = $state(false);
	available = $state.raw<ReadonlyMap<string, Expansion>>(new Map());
	/** A draft from an earlier session was restored on load. */
	restoredDraft = $state(false);
	/** Ids of the tiles whose restored code view holds JSON that does not parse. */
	restoredUnparsed = $state.raw<string[]>([]);
	/**
	 * Raw text of tiles whose code view does not parse, by the id of the tile it was typed over
	 * (the document keeps that tile's last good version). Kept in the draft with the document.
	 */
	pendingText = $state.raw<Record<string, string>>({});
	/** Why the last draft could not be written (storage full or disabled); null when it was. */
	draftError = $state<string | null>(null);
	conflict = $state.raw<Conflict | null>(null);
	/** Problems the server gave when it refused to save (422). */
	serverProblems = $state.raw<Problem[]>([]);
	/** The document the server refused: its problems point into it. */
	refusedDoc = $state.raw<Expansion | null>(null);
	/** What the last save (or conflict choice) came to; `tiles`: the tiles it names, linked. */
	status = $state<{
		kind: 'info' | 'ok' | 'warning' | 'error';
		text: string;
		tiles?: string[];
	} | null>(null);
	saving = $state(false);
	/** Bumped on every history change, so canUndo/canRedo are reactive. */
	#historyTick = $state(0);
	#history = new History<Snapshot>();
	#storage: DraftStorage | undefined;
	#fetch: typeof fetch;
	#draftTimer: ReturnType<typeof setTimeout> | undefined;
	/** A code view of part of the document holding typed text that does not parse (the data rules' JSON). */
	#typed: TypedView | null = null;
	/** Asks the designer a yes/no question: the page sets `confirm`; without a page, yes. */
	ask: (question: string) => boolean = () => true;

	/** The saved document as JSON: serialised once per save, not on every edit (the typing path). */
	#savedJson = $derived(this.saved === null ? null : JSON.stringify(this.saved));
	dirty = $derived(
		this.saved === null || (this.doc !== this.saved && JSON.stringify(this.doc) !== this.#savedJson)
	);
	/** Unsaved work of any kind: a changed document or code-view text that does not parse yet. */
	unsaved = $derived(this.dirty || Object.keys(this.pendingText).length > 0);
	problems = $derived.by(() =>
		validateExpansion(this.doc, { available: this.available, registry: ruleRegistry })
	);
	/** How its icons and modifiers are drawn (its looks over its dependencies'). */
	looks = $derived(looksInPlay(this.doc, (id) => this.available.get(id)));
	canUndo = $derived.by(() => (this.#historyTick, this.#history.canUndo));
	canRedo = $derived.by(() => (this.#historyTick, this.#history.canRedo));

	constructor(init: EditorInit) {
		this.id = init.doc.id;
		this.doc = init.doc;
		this.saved = init.revision === null ? null : init.doc;
		this.base = init.revision;
		this.readOnly = init.readOnly;
		this.available = init.available ?? new Map();
		this.#storage = init.storage;
		this.#fetch = init.fetch ?? ((...a) => fetch(...a));
		this.#restoreDraft();
	}

	#restoreDraft() {
		if (!this.#storage || this.readOnly) return;
		const draft = loadDraft(this.#storage, this.id);
		if (!draft) return;
		const ids = new Set(draft.doc.tiles?.map?.((t) => t.id) ?? []);
		const pending = Object.fromEntries(
			Object.entries(draft.pending ?? {}).filter(([id]) => ids.has(id))
		);
		if (same(draft.doc, this.doc) && !Object.keys(pending).length) {
			discardDraft(this.#storage, this.id);
			return;
		}
		this.doc = draft.doc;
		// The draft keeps the revision it was based on: if the file changed since, saving says so (409).
		this.base = draft.base;
		this.pendingText = pending;
		this.restoredUnparsed = Object.keys(pending);
		this.restoredDraft = true;
	}

	/**
	 * One edit: a new document and/or new unparsed code-view texts, recorded as one undo step
	 * (unless `undoable: false`). Nothing changes: no step.
	 */
	change(
		next: { doc?: Expansion; pending?: Record<string, string> },
		options: EditOptions = {}
	): void {
		const doc = next.doc ?? this.doc;
		const pending = next.pending ?? this.pendingText;
		if (this.readOnly || (doc === this.doc && same(pending, this.pendingText))) return;
		// an edit from elsewhere (a form) that would replace typed text that does not parse asks first
		const typed = this.#typed;
		if (typed && typed.read(doc) !== typed.read(this.doc)) {
			if (!this.mayDropTyped(typed.what, typed.error, false)) return;
			this.#typed = null;
		}
		if (options.undoable !== false) {
			this.#history.record(
				{ doc: this.doc, pending: this.pendingText },
				options.coalesce,
				options.coalesceWindow
			);
			this.#historyTick++;
		}
		this.#take({ doc, pending });
	}

	/** The pending texts with tile `tileId`'s text set (or, with undefined, removed). */
	pendingWith(tileId: string, text: string | undefined): Record<string, string> {
		if (this.pendingText[tileId] === text) return this.pendingText;
		const next = { ...this.pendingText };
		if (text === undefined) delete next[tileId];
		else next[tileId] = text;
		return next;
	}

	#take(s: Snapshot) {
		// an undo or redo that changes what a code view shows replaces its typed text (the designer's own step)
		if (this.#typed && this.#typed.read(s.doc) !== this.#typed.read(this.doc)) this.#typed = null;
		this.doc = s.doc;
		if (s.pending !== this.pendingText) {
			this.pendingText = s.pending;
			if (this.restoredUnparsed.some((id) => !(id in s.pending)))
				this.restoredUnparsed = this.restoredUnparsed.filter((id) => id in s.pending);
		}
		this.#scheduleDraft();
	}

	/**
	 * A code view of part of the document now holds typed text that does not parse (`view.error`),
	 * or no longer (null, when it parses or the view is left).
	 */
	holdTyped(view: TypedView | null): void {
		this.#typed = view;
	}

	/**
	 * Before an edit replaces what a code view shows: typed text that parses is in the document
	 * already; text that does not parse cannot be applied first, so the designer is asked whether to
	 * drop it. False: keep it and make no edit.
	 */
	mayDropTyped(what: string, error: string, undoable: boolean): boolean {
		return this.ask(
			`The ${what} you typed does not parse (${error}), so it cannot be applied first.\n\nDrop what you typed there and make this change?${undoable ? ' (Undo brings it back.)' : ''}`
		);
	}

	/** Replaces the document as one edit; `coalesce` joins quick successive edits (typing) into one undo step. */
	apply(next: Expansion, options: EditOptions = {}): void {
		this.change({ doc: next }, options);
	}

	/** Replaces a tile (from the canvas or a form): the tile wins over text of its code view that did not parse. */
	replaceTile(index: number, tile: Tile, options: EditOptions = {}): void {
		const ids = new Set([this.doc.tiles[index]?.id, tile.id]);
		const pending = Object.keys(this.pendingText).some((id) => ids.has(id))
			? Object.fromEntries(Object.entries(this.pendingText).filter(([id]) => !ids.has(id)))
			: this.pendingText;
		this.change({ doc: replaceTile(this.doc, index, tile), pending }, options);
	}

	/** Ends a run of coalesced edits. */
	seal(): void {
		this.#history.seal();
	}

	undo(): void {
		const prev = this.#history.undo({ doc: this.doc, pending: this.pendingText });
		if (prev === undefined) return;
		this.#take(prev);
		this.#historyTick++;
	}

	redo(): void {
		const next = this.#history.redo({ doc: this.doc, pending: this.pendingText });
		if (next === undefined) return;
		this.#take(next);
		this.#historyTick++;
	}

	#scheduleDraft() {
		if (!this.#storage) return;
		clearTimeout(this.#draftTimer);
		this.#draftTimer = setTimeout(() => this.flushDraft(), 200);
	}

	/** Writes the local draft now (also called when the page is hidden). */
	flushDraft(): void {
		clearTimeout(this.#draftTimer);
		if (!this.#storage || this.readOnly) return;
		const ids = new Set(this.doc.tiles.map((t) => t.id));
		const pending = Object.fromEntries(
			Object.entries(this.pendingText).filter(([id]) => ids.has(id))
		);
		const hasPending = Object.keys(pending).length > 0;
		if (!this.dirty && this.base !== null && !hasPending) {
			discardDraft(this.#storage, this.id);
			this.draftError = null;
			return;
		}
		const stored = storeDraft(this.#storage, this.id, {
			doc: this.doc,
			base: this.base,
			savedAt: Date.now(),
			...(hasPending ? { pending } : {})
		});
		// Not stored: say so (the work is only in this tab now); the next change tries again.
		this.draftError = stored ? null : DRAFT_NOT_STORED;
	}

	/** Drops the unsaved work: back to the version on the server. */
	discardChanges(): void {
		this.change({ doc: this.saved ?? this.doc, pending: {} });
		this.restoredUnparsed = [];
		this.restoredDraft = false;
		if (this.#storage) discardDraft(this.#storage, this.id);
	}

	dismissRestoredNotice(): void {
		this.restoredDraft = false;
		this.restoredUnparsed = [];
	}

	async save(): Promise<SaveOutcome | undefined> {
		if (this.readOnly || this.saving) return undefined;
		this.saving = true;
		this.status = { kind: 'info', text: 'Saving…' };
		const doc = this.doc;
		// Code-view text that does not parse cannot be saved: the save says so, by tile.
		const unparsed = Object.keys(this.pendingText).filter((id) =>
			doc.tiles.some((t) => t.id === id)
		);
		try {
			const out = await saveExpansion(this.#fetch, doc, this.base);
			this.#takeOutcome(doc, out, unparsed);
			return out;
		} finally {
			this.saving = false;
		}
	}

	/** Clears the last save's message (the designer moved on to another page). */
	clearStatus(): void {
		if (!this.saving) this.status = null;
	}

	#takeOutcome(doc: Expansion, out: SaveOutcome, unparsed: string[]) {
		switch (out.kind) {
			case 'saved':
				this.saved = doc;
				this.base = out.revision;
				this.conflict = null;
				this.serverProblems = [];
				this.refusedDoc = null;
				this.restoredDraft = false;
				this.status = unparsed.length
					? {
							kind: 'warning',
							text: `${out.created ? 'Created' : 'Saved'} without the JSON typed in ${unparsed.length === 1 ? 'tile' : 'tiles'} ${unparsed.join(', ')}: it does not parse, so the file has the last good version of ${unparsed.length === 1 ? 'that tile' : 'those tiles'}. The text is kept; fix it and save again.`,
							tiles: unparsed
						}
					: { kind: 'ok', text: out.created ? 'Created.' : 'Saved.' };
				this.flushDraft();
				break;
			case 'conflict':
				this.conflict = {
					message: out.message,
					theirs: out.theirs,
					theirsText: out.theirsText,
					revision: out.revision
				};
				this.status = {
					kind: 'error',
					text: 'Not saved: someone else saved a newer version. Choose which to keep.'
				};
				this.flushDraft();
				break;
			case 'invalid':
				this.serverProblems = out.problems;
				this.refusedDoc = doc;
				this.status = {
					kind: 'error',
					text: `Not saved: ${out.message}. Your work is kept as a draft.`
				};
				this.flushDraft();
				break;
			case 'refused':
				this.status = { kind: 'error', text: `Not saved: ${out.message}` };
				this.flushDraft();
				break;
		}
	}

	/** 409, keep mine: save my version over theirs (their revision becomes my base). */
	async keepMine(): Promise<void> {
		if (!this.conflict) return;
		this.base = this.conflict.revision;
		this.conflict = null;
		await this.save();
	}

	/** 409, take theirs: my changes are dropped (still undoable). */
	takeTheirs(): void {
		const c = this.conflict;
		if (!c || !c.theirs) return;
		this.apply(c.theirs);
		this.saved = c.theirs;
		this.base = c.revision;
		this.conflict = null;
		this.status = { kind: 'ok', text: 'Took the saved version.' };
		this.flushDraft();
	}

	/** 409, merge by hand: continue from a merged document with their revision as the base. */
	takeMerged(merged: Expansion): void {
		const c = this.conflict;
		if (!c) return;
		this.apply(merged);
		this.base = c.revision;
		if (c.theirs) this.saved = c.theirs;
		this.conflict = null;
		this.status = { kind: 'info', text: 'Merged: save to store it.' };
		this.flushDraft();
	}
}
