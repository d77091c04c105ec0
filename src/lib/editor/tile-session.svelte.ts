// One tile open in the tile editor: which feature is selected, the JSON text shown beside the
// canvas (kept in sync both ways with the tile in the expansion document), the validator's findings.
import type { Tile } from '../formats/schema-types.ts';
import type { Problem } from '../formats/problems.ts';
import { validateTile } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/registry.ts';
import { featureAt, isInnerType, paintPlaces, type EditResult, type Place } from './commands.ts';
import type { ExpansionEditor } from './expansion-editor.svelte.ts';

export const prettyTile = (tile: Tile): string => JSON.stringify(tile, null, 2);

/** A code-view text read as a tile, or why it is not one (does not parse, or is not an object). */
function readTile(text: string): { tile: Tile; error?: undefined } | { tile?: undefined; error: string } {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (e) {
		return { error: (e as Error).message };
	}
	return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { tile: parsed as Tile } : { error: 'A tile is a JSON object' };
}

export class TileSession {
	readonly editor: ExpansionEditor;
	index = $state(-1);
	selected = $state<string | null>(null);
	/** The JSON text in the code view; may not parse while the designer types. */
	text = $state('');
	parseError = $state<string | null>(null);
	/** The tile as it was when the text stopped parsing: while it stays so, the text is kept. */
	#brokenOver: Tile | null = null;
	#strokeStart: Tile | null = null;
	#strokeCount = 0;

	tile = $derived.by((): Tile | undefined => this.editor.doc.tiles[this.index]);
	problems = $derived.by((): Problem[] => {
		const t = this.tile;
		if (!t) return [];
		const out = validateTile(t, { expansion: this.editor.doc, available: this.editor.available, registry: ruleRegistry });
		const twin = this.editor.doc.tiles.findIndex((x, i) => i !== this.index && x.id === t.id);
		if (twin >= 0) out.push({ pointer: '/id', message: `tile id '${t.id}' is also used by tile ${twin + 1}`, severity: 'error' });
		// What the server said when it refused to save (422), while this tile is still as refused.
		const prefix = `/tiles/${this.index}`;
		const refused = this.editor.refusedDoc?.tiles[this.index] === t;
		if (refused)
			for (const p of this.editor.serverProblems)
				if (p.pointer === prefix || p.pointer.startsWith(prefix + '/'))
					out.push({ ...p, pointer: p.pointer.slice(prefix.length), message: `server: ${p.message}` });
		return out;
	});

	constructor(editor: ExpansionEditor, tileId: string) {
		this.editor = editor;
		this.index = editor.doc.tiles.findIndex((t) => t.id === tileId);
		const t = this.tile;
		if (!t) return;
		// Text that did not parse when the page was left (kept in the draft) comes back as it was.
		const pending = editor.pendingText[t.id];
		const problem = pending === undefined ? undefined : readTile(pending).error;
		if (pending !== undefined && problem !== undefined) {
			this.text = pending;
			this.parseError = problem;
			this.#brokenOver = t;
		} else this.text = prettyTile(t);
	}

	/** Runs a tile command; an undoable result becomes one step of the expansion's history. */
	run(command: (tile: Tile) => EditResult, coalesce?: string): void {
		const t = this.tile;
		if (!t || this.editor.readOnly || !Array.isArray(t.features)) return;
		const r = command(t);
		if (r.undoable) this.editor.replaceTile(this.index, r.tile, { coalesce });
		if (r.selected !== undefined) this.selected = r.selected;
		this.syncText();
	}

	select(featureId: string | null): void {
		this.selected = featureId;
	}

	/** A stroke over places on the canvas: the whole stroke is one undo step. */
	stroke(places: Place[], phase: 'start' | 'move' | 'end'): void {
		const t = this.tile;
		if (!t || !Array.isArray(t.features)) return;
		if (phase === 'start') {
			const sel = this.selected ? t.features.find((f) => f.id === this.selected) : undefined;
			// Nothing (or an inner feature) selected: a click selects what is there.
			if (!sel || isInnerType(sel.type) || this.editor.readOnly) {
				this.selected = featureAt(t, places[0])?.id ?? null;
				this.#strokeStart = null;
				return;
			}
			this.#strokeStart = t;
			this.#strokeCount++;
		}
		if (!this.#strokeStart || !this.selected) return;
		if (phase !== 'end' || places.length === 1) {
			const r = paintPlaces(this.#strokeStart, this.selected, places);
			this.editor.replaceTile(this.index, r.tile, { coalesce: `stroke-${this.#strokeCount}`, undoable: true });
			this.syncText();
		}
		if (phase === 'end') {
			this.#strokeStart = null;
			this.editor.seal();
		}
	}

	/** The code view changed: a text that parses becomes the tile; one that does not keeps the last good tile. */
	editText(text: string): void {
		this.text = text;
		const t = this.tile;
		const read = readTile(text);
		if (read.error !== undefined) {
			this.parseError = read.error;
			// Kept in the draft, so a reload brings the text back.
			if (t) {
				this.#brokenOver = t;
				this.editor.setPendingText(t.id, text);
			}
			return;
		}
		this.parseError = null;
		this.#brokenOver = null;
		if (t) this.editor.setPendingText(t.id, undefined);
		if (t && JSON.stringify(t) === JSON.stringify(read.tile)) return;
		// Schema-invalid tiles are kept too: the markers say what is wrong, saving refuses them.
		this.editor.replaceTile(this.index, read.tile, { coalesce: 'typing' });
	}

	/** Rewrites the text from the tile unless the text already says the same (keeps the designer's layout). */
	syncText(): void {
		const t = this.tile;
		if (!t) return;
		const read = readTile(this.text);
		if (read.tile) {
			if (JSON.stringify(read.tile) === JSON.stringify(t)) return;
		} else if (t === this.#brokenOver && this.editor.pendingText[t.id] === this.text) {
			// Broken text is kept while the tile is as it was and the draft still holds the text
			// (a reload, a page switch). Once the tile changed elsewhere (canvas, undo) or the work
			// was discarded, the tile wins.
			return;
		}
		if (this.#brokenOver) this.editor.setPendingText(this.#brokenOver.id, undefined);
		this.editor.setPendingText(t.id, undefined);
		this.#brokenOver = null;
		this.text = prettyTile(t);
		this.parseError = null;
	}

	undo(): void {
		this.editor.undo();
		this.syncText();
	}

	redo(): void {
		this.editor.redo();
		this.syncText();
	}
}
