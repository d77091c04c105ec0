// Monaco ships no type declarations for its individual contributions (side-effect modules).
declare module 'monaco-editor/editor/contrib/suggest/browser/suggestController';
declare module 'monaco-editor/languages/features/json/jsonMode' {
	import type { languages } from 'monaco-editor/editor';
	/** A function giving the JSON worker's proxy, with the models of `uris` synced to it. */
	type WorkerOf = (...uris: unknown[]) => Promise<unknown>;
	/** The JSON language's completion from its worker (the provider it registers itself). */
	export class CompletionAdapter implements languages.CompletionItemProvider {
		constructor(worker: WorkerOf, triggerCharacters: string[]);
		readonly triggerCharacters: string[];
		provideCompletionItems: languages.CompletionItemProvider['provideCompletionItems'];
	}
	/** The JSON language's worker, once its first model has set the language up. */
	export function getWorker(): Promise<WorkerOf>;
}
