// ESLint: JavaScript's, TypeScript's and Svelte's recommended rules; formatting is Prettier's.
import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import regexp from 'eslint-plugin-regexp';
import starHeight from './eslint-rules/regexp-star-height.js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

export default ts.config(
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			// a leading underscore marks a name kept on purpose (an argument's place, a property left out)
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrorsIgnorePattern: '^_',
					destructuredArrayIgnorePattern: '^_',
					ignoreRestSiblings: true
				}
			],
			// Maps and Sets in our controllers are either immutable values in $state.raw (replaced, never
			// mutated) or temporaries of a computation: Svelte's reactive collections would only add cost
			'svelte/prefer-svelte-reactivity': 'off',
			// the app is served at the root (no paths.base), and addresses are built by pure helpers
			// shared with tests (sandboxUrl, …), which resolve() from $app/paths cannot wrap
			'svelte/no-navigation-without-resolve': 'off'
		}
	},
	{
		// every regular expression of the app, the CLI and the scripts runs in linear time: a pattern
		// that can backtrack super-linearly on a crafted input would stall the server (docs/architecture.md)
		files: ['src/**', 'scripts/**', 'bin/**'],
		plugins: { regexp, local: { rules: { 'regexp-star-height': starHeight } } },
		rules: {
			'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
			'regexp/no-super-linear-move': 'error',
			'local/regexp-star-height': 'error'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			'test-results/',
			'playwright-report/',
			'node_modules/',
			'src/lib/formats/schema-types.ts'
		]
	}
);
