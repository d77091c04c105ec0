// Keyboard shortcuts of the pages with a history (the expansion editor, the sandbox).

/** The key went to a text field or Monaco: their own undo applies there. */
export function inTextField(t: EventTarget | null): boolean {
	return !!(t as HTMLElement | null)?.closest?.('input, textarea, select, .monaco-editor');
}

/** Ctrl/⌘+Z is undo, Ctrl/⌘+Shift+Z or Ctrl/⌘+Y redo; anything else null. */
export function historyKey(e: KeyboardEvent): 'undo' | 'redo' | null {
	if (!(e.ctrlKey || e.metaKey)) return null;
	const k = e.key.toLowerCase();
	return k === 'z' ? (e.shiftKey ? 'redo' : 'undo') : k === 'y' ? 'redo' : null;
}
