// Monaco, loaded once, in the browser only (a static import breaks the server build): the bare
// editor, the JSON language and the contributions we use. The tile editor page loads it once its
// canvas is drawn and the designer pauses (JsonEditor's `load` and `whenIdle`), so the canvas and
// the form are up first and a click is not kept waiting while Monaco's modules start.
export type Monaco = typeof import('monaco-editor/editor');
export type JsonLang = typeof import('monaco-editor/languages/features/json/register');

/**
 * The editor contributions we use (each registers itself when imported): hover (schema
 * descriptions, marker messages), the suggest widget (completion from the schema), marker
 * navigation (F8 / Shift+F8), find (Ctrl+F), the codicon font the widgets draw their icons with,
 * and bracket matching. Not `monaco-editor` itself: that pulls in every language and the
 * TypeScript worker.
 */
const EDITOR_FEATURES: (() => Promise<unknown>)[] = [
	() => import('monaco-editor/features/codicon/register'),
	() => import('monaco-editor/features/hover/register'),
	() => import('monaco-editor/features/suggest/register'),
	// features/suggest only adds the inline-completion bridge; the suggest widget (Ctrl+Space,
	// suggestions while typing) is its controller.
	() => import('monaco-editor/editor/contrib/suggest/browser/suggestController'),
	() => import('monaco-editor/features/gotoError/register'),
	() => import('monaco-editor/features/find/register'),
	() => import('monaco-editor/features/bracketMatching/register'),
	// The JSON language's worker bridge, which Monaco would otherwise import lazily on the first
	// JSON model: it registers more contributions and services (code lens cache, tree drag and
	// drop). Registered after the first editor started Monaco's services, they were unknown to
	// it and the second editor of a visit threw while creating them.
	() => import('monaco-editor/languages/features/json/jsonMode')
];

let loading: Promise<{ monaco: Monaco; json: JsonLang }> | undefined;

export function loadMonaco(): Promise<{ monaco: Monaco; json: JsonLang }> {
	loading ??= (async () => {
		const [monaco, json, EditorWorker, JsonWorker] = await Promise.all([
			import('monaco-editor/editor'),
			import('monaco-editor/languages/features/json/register'),
			import('monaco-editor/editor/editor.worker?worker'),
			import('monaco-editor/languages/features/json/json.worker?worker'),
			// `monaco-editor/editor` is the bare editor API: the interactive contributions are
			// separate modules, registered on import (before the editor is created).
			...EDITOR_FEATURES.map((load) => load())
		]);
		(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
			getWorker: (_: string, label: string) =>
				label === 'json' ? new JsonWorker.default() : new EditorWorker.default()
		};
		return { monaco, json };
	})();
	return loading;
}
