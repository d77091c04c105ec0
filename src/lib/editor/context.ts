// The expansion being edited, shared by the expansion page and the tile editor through the layout.
import { getContext, setContext } from 'svelte';
import type { ExpansionEditor } from './expansion-editor.svelte.ts';

const KEY = Symbol('expansion-editor');

export function setExpansionEditor(get: () => ExpansionEditor): void {
	setContext(KEY, get);
}

export function getExpansionEditor(): () => ExpansionEditor {
	const get = getContext<(() => ExpansionEditor) | undefined>(KEY);
	if (!get) throw new Error('getExpansionEditor() outside /expansions/[id]');
	return get;
}
