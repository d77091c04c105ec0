// Monaco, loaded once, in the browser only (a static import breaks the server build): the bare
// editor, the JSON language and the contributions we use. The tile editor page loads it once its
// canvas is drawn and the designer pauses (JsonEditor's `load` and `whenIdle`), so the canvas and
// the form are up first and a click is not kept waiting while Monaco's modules start.
import type { editor, IPosition, languages } from 'monaco-editor/editor';

export type Monaco = typeof import('monaco-editor/editor');
export type JsonLang = typeof import('monaco-editor/languages/features/json/register');
type JsonMode = typeof import('monaco-editor/languages/features/json/jsonMode');

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
	() => import('monaco-editor/features/bracketMatching/register')
];

let loading: Promise<{ monaco: Monaco; json: JsonLang }> | undefined;

export function loadMonaco(): Promise<{ monaco: Monaco; json: JsonLang }> {
	loading ??= (async () => {
		const [monaco, json, jsonMode, EditorWorker, JsonWorker] = await Promise.all([
			import('monaco-editor/editor'),
			import('monaco-editor/languages/features/json/register'),
			// The JSON language's worker bridge, which Monaco would otherwise import lazily on the
			// first JSON model: it registers more contributions and services (code lens cache, tree
			// drag and drop). Registered after the first editor started Monaco's services, they were
			// unknown to it and the second editor of a visit threw while creating them.
			import('monaco-editor/languages/features/json/jsonMode'),
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
		// the JSON language's completion, ours in its place (before the first JSON model sets it up)
		json.jsonDefaults.setModeConfiguration({
			...json.jsonDefaults.modeConfiguration,
			completionItems: false
		});
		monaco.languages.registerCompletionItemProvider('json', completionOnLiveModels(jsonMode));
		return { monaco, json };
	})();
	return loading;
}

/** The characters after which the JSON language suggests (its own: a space, a colon, a quote). */
const TRIGGERS = [' ', ':', '"'];

/**
 * The JSON language's completion (its worker's suggestions from our schemas) for models that are
 * still there when the worker answers. Monaco's adapter reads the word at the cursor from the
 * model once the answer comes; when the designer left the page meanwhile (typed, then followed a
 * link), the page had disposed the model, and Monaco threw "TextModelPart is disposed!" as an
 * uncaught error. The adapter reads the model through `whileAlive`, and nothing is suggested for a
 * model gone.
 */
function completionOnLiveModels(mode: JsonMode): languages.CompletionItemProvider {
	const adapter = new mode.CompletionAdapter(
		(...uris) => mode.getWorker().then((worker) => worker(...uris)),
		TRIGGERS
	);
	return {
		triggerCharacters: TRIGGERS,
		async provideCompletionItems(model, position, context, token) {
			const list = await adapter.provideCompletionItems(
				whileAlive(model),
				position,
				context,
				token
			);
			return model.isDisposed() ? undefined : list;
		}
	};
}

/** `model`, whose word before a position is the empty word there once it is disposed. */
function whileAlive(model: editor.ITextModel): editor.ITextModel {
	const wordUntil = (p: IPosition): editor.IWordAtPosition =>
		model.isDisposed()
			? { word: '', startColumn: p.column, endColumn: p.column }
			: model.getWordUntilPosition(p);
	return new Proxy(model, {
		get(target, key) {
			if (key === 'getWordUntilPosition') return wordUntil;
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? value.bind(target) : value;
		}
	});
}
