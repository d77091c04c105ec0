// The modifiers and icons the engine knows without any expansion declaring them. An expansion may
// declare more in its own `modifiers` / `icons`; anything else on a tile is a validation warning.
import type { Feature } from './schema-types.ts';

/** Built-in feature modifiers and the feature type each one belongs on. */
export const KNOWN_MODIFIERS: Readonly<Record<string, Feature['type']>> = {
	pennants: 'city',
	cathedral: 'city',
	inn: 'road',
	livestock: 'stable',
	pigHerd: 'field'
};

/** Built-in tile icons. */
export const KNOWN_ICONS: readonly string[] = [
	'lute',
	'mayor',
	'volcano',
	'dragon',
	'princess',
	'portal'
];
