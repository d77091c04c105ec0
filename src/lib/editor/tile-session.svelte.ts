// One tile open in the tile editor: which feature is selected, the JSON text shown beside the
// canvas (kept in sync both ways with the tile in the expansion document), the validator's findings.
import type { Tile } from '../formats/schema-types.ts';
import type { Problem } from '../formats/problems.ts';
import { validateTile } from '../formats/validate.ts';
import { ruleRegistry } from '../engine/index.ts';
import { featureAt, isInnerType, paintPlaces, type EditResult, type Place } from './commands.ts';
import type { ExpansionEditor } from './expansion-editor.svelte.ts';
import { replaceTile } from './expansion-commands.ts';
import { similarTiles, type SimilarTile } from './similar-tiles.ts';

export const prettyTile = (tile: Tile): string => JSON.stringify(tile, null, 2);

/** A code-view text read as a tile, or why it is not one (does not parse, or is not an object). */
function readTile(
	text: string
): { tile: Tile; error?: undefined } | { tile?: undefined; error: string } {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (e) {
		return { error: (e as Error).message };
	}
	return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
		? { tile: parsed as Tile }
		: { error: 'A tile is a JSON object' };
}

export class TileSession {
	readonly editor: ExpansionEditor;
	index = $state(-1);
	selected = $state<string | null>(null);
	/** The JSON text in the code view; may not parse while the designer types. */
	text = $state('');
	parseError = $state<string | null>(null);
	#strokeStart: Tile | null = null;
	#strokeCount = 0;

	tile = $derived.by((): Tile | undefined => this.editor.doc.tiles[this.index]);
	/** The tiles of this expansion and of the others on disk that have this tile's shape (issue 30 §1). */
	similar = $derived.by((): SimilarTile[] => {
		const t = this.tile;
		if (!t) return [];
		// the expansion's own tiles first, then base's, then the others'
		const others = [...this.editor.available.values()]
			.filter((e) => e.id !== this.editor.id)
			.sort((a, b) => Number(b.id === 'base') - Number(a.id === 'base'));
		return similarTiles(t, `${this.editor.id}/${t.id}`, [this.editor.doc, ...others]);
	});
	problems = $derived.by((): Problem[] => {
		const t = this.tile;
		if (!t) return [];
		const out = validateTile(t, {
			expansion: this.editor.doc,
			available: this.editor.available,
			registry: ruleRegistry
		});
		const twin = this.editor.doc.tiles.findIndex((x, i) => i !== this.index && x.id === t.id);
		if (twin >= 0)
			out.push({
				pointer: '/id',
				message: `tile id '${t.id}' is also used by tile ${twin + 1}`,
				severity: 'error'
			});
		// What the server said when it refused to save (422), while this tile is still as refused.
		const prefix = `/tiles/${this.index}`;
		const refused = this.editor.refusedDoc?.tiles[this.index] === t;
		if (refused)
			for (const p of this.editor.serverProblems)
				if (p.pointer === prefix || p.pointer.startsWith(prefix + '/'))
					out.push({
						...p,
						pointer: p.pointer.slice(prefix.length),
						message: `server: ${p.message}`
					});
		return out;
	});

	constructor(editor: ExpansionEditor, tileId: string) {
		this.editor = editor;
		this.index = editor.doc.tiles.findIndex((t) => t.id === tileId);
		// Text that did not parse when the page was left (kept in the draft) comes back as it was.
		this.syncText();
	}

	/** Runs a tile command; an undoable result becomes one step of the expansion's history. */
	run(command: (tile: Tile) => EditResult, coalesce?: string): void {
		const t = this.tile;
		if (!t || this.editor.readOnly || !Array.isArray(t.features)) return;
		const r = command(t);
		if (r.undoable && !this.#mayDropText()) return this.syncText();
		if (r.undoable) this.editor.replaceTile(this.index, r.tile, { coalesce });
		if (r.selected !== undefined) this.selected = r.selected;
		this.syncText();
	}

	/** An edit on the canvas or in the form replaces the tile's typed JSON that does not parse: asked first. */
	#mayDropText(): boolean {
		const t = this.tile;
		const pending = t && this.editor.pendingText[t.id];
		if (pending === undefined || !t) return true;
		return this.editor.mayDropTyped(
			`JSON of tile ${t.id}`,
			readTile(pending).error ?? 'not JSON',
			true
		);
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
			// Nothing (or an inner feature, or a quarter of The Count's city: edited in the JSON) selected: a click selects what is there.
			if (!sel || isInnerType(sel.type) || sel.type === 'quarter' || this.editor.readOnly) {
				this.selected = featureAt(t, places[0])?.id ?? null;
				this.#strokeStart = null;
				return;
			}
			if (!this.#mayDropText()) return;
			this.#strokeStart = t;
			this.#strokeCount++;
		}
		if (!this.#strokeStart || !this.selected) return;
		if (phase !== 'end' || places.length === 1) {
			const r = paintPlaces(this.#strokeStart, this.selected, places);
			this.editor.replaceTile(this.index, r.tile, {
				coalesce: `stroke-${this.#strokeCount}`,
				coalesceWindow: Infinity, // the stroke ends at pointer up, however slowly it was drawn
				undoable: true
			});
			this.syncText();
		}
		if (phase === 'end') {
			this.#strokeStart = null;
			this.editor.seal();
		}
	}

	/**
	 * The code view changed: a text that parses becomes the tile; one that does not is kept as the
	 * tile's pending text (in the draft, and in the undo history: a burst of typing is one step)
	 * while the tile keeps its last good version.
	 */
	editText(text: string): void {
		this.text = text;
		const t = this.tile;
		if (!t) return;
		const read = readTile(text);
		const coalesce = `typing-${this.index}`;
		if (read.error !== undefined) {
			this.parseError = read.error;
			this.editor.change({ pending: this.editor.pendingWith(t.id, text) }, { coalesce });
			return;
		}
		this.parseError = null;
		// Schema-invalid tiles are kept too: the markers say what is wrong, saving refuses them.
		const doc =
			JSON.stringify(t) === JSON.stringify(read.tile)
				? undefined
				: replaceTile(this.editor.doc, this.index, read.tile);
		this.editor.change({ doc, pending: this.editor.pendingWith(t.id, undefined) }, { coalesce });
	}

	/**
	 * Shows the tile's text: its pending text when it has one (typing that does not parse yet), the
	 * text as it is when it says the same as the tile (keeps the designer's layout), else the tile.
	 */
	syncText(): void {
		const t = this.tile;
		if (!t) return;
		const pending = this.editor.pendingText[t.id];
		if (pending !== undefined) {
			this.text = pending;
			this.parseError = readTile(pending).error ?? null;
			return;
		}
		const read = readTile(this.text);
		if (!read.tile || JSON.stringify(read.tile) !== JSON.stringify(t)) this.text = prettyTile(t);
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
