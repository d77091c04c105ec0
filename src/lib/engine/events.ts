// Event helper shared by the engine and the modules.
import type { Engine, GameEvent } from './types.ts';

/** Pushes an event; the text is built only when not quiet; nothing when silent. */
export function emit(g: Engine, ev: GameEvent, text?: () => string): void {
	if (g.silent) return;
	if (!g.quiet && text) ev.text = text();
	g.events.push(ev);
}

