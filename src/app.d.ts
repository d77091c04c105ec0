// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Locals {
			/** The message of an unexpected error in an API endpoint, for its JSON error body. */
			unexpectedError?: string;
		}
	}
}
export {};
