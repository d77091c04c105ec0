// The layers of docs/architecture.md, checked by `npm run check` (and so by CI):
//   npx depcruise src --config .dependency-cruiser.cjs
// No exceptions: every import breaking a rule fails.

/** What the pure core must never import: the app's faces and their libraries. */
const UI = [
	'^src/routes/',
	'^src/lib/(editor|sandbox|server|styles)/',
	'[.]svelte$',
	'[.]svelte[.]ts$',
	'^[$]app/',
	'node_modules/(svelte|@sveltejs|konva|monaco-editor|chart[.]js)/'
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment:
				'No import circle: move the shared part (types, a context) into a file of its own. (A component that renders itself, as SchemaField.svelte does, is no circle.)',
			from: { path: '(.+)' },
			to: { circular: true, pathNot: '^$1$' }
		},
		{
			name: 'core-imports-no-ui',
			severity: 'error',
			comment:
				'The engine and the formats are pure: no Svelte, Konva, Monaco, routes, editor or sandbox.',
			from: { path: '^src/lib/(engine|formats)/' },
			to: { path: UI }
		},
		{
			name: 'engine-imports-only-core',
			severity: 'error',
			comment:
				'The engine builds on the formats alone: nothing of the bots, checker, render, export or the faces.',
			from: { path: '^src/lib/engine/' },
			to: { path: '^src/', pathNot: '^src/lib/(engine|formats)/' }
		},
		{
			name: 'formats-import-only-formats',
			severity: 'error',
			comment: 'The formats are the bottom layer.',
			from: { path: '^src/lib/formats/' },
			to: { path: '^src/', pathNot: '^src/lib/formats/' }
		},
		{
			name: 'lib-imports-no-faces',
			severity: 'error',
			comment:
				"src/lib never imports the pages (src/routes) or the CLI (src/cli); tests may use the CLI's file loading.",
			from: { path: '^src/lib/', pathNot: '[.]test[.]ts$' },
			to: { path: '^src/(routes|cli)/' }
		},
		{
			name: 'core-imports-no-node',
			severity: 'error',
			comment:
				'The engine and the formats run in the browser too: no node: modules (file access belongs to src/cli and src/lib/server).',
			from: { path: '^src/lib/(engine|formats)/', pathNot: '[.]test[.]ts$' },
			to: { dependencyTypes: ['core'] }
		},
		{
			name: 'engine-through-its-index',
			severity: 'error',
			comment:
				'Outside src/lib/engine, import the engine through src/lib/engine/index.ts (its public surface) only.',
			from: { path: '^src/', pathNot: ['^src/lib/engine/', '[.]test[.]ts$'] },
			to: { path: '^src/lib/engine/', pathNot: '^src/lib/engine/index[.]ts$' }
		},
		{
			name: 'not-to-unresolvable',
			severity: 'error',
			comment: 'An import that resolves to nothing.',
			from: {},
			to: {
				couldNotResolve: true,
				pathNot: ['^[$]app/', '^[$]env/', '^virtual:', '^[$]service-worker$', '/[$]types$']
			}
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		// SvelteKit's $lib alias, given as a webpack resolve section: the paths of SvelteKit's generated
		// tsconfig are relative to .svelte-kit/, which dependency-cruiser's tsconfig reader does not follow
		webpackConfig: { fileName: 'scripts/depcruise-resolve.cjs' },
		exclude: { path: ['^src/.*[.]d[.]ts$'] },
		tsPreCompilationDeps: true,
		// unchanged files are not parsed again (node_modules/.cache, git-ignored)
		cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types', 'svelte'],
			mainFields: ['module', 'main', 'types', 'typings'],
			extensions: ['.ts', '.js', '.svelte', '.json', '.d.ts']
		},
		reporterOptions: { text: { highlightFocused: true } }
	}
};
