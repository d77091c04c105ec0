// The app's own folder, found from this module's file (src/lib/server/ in the sources, a chunk under
// build/server/ once built), never from the working directory: a server started from another folder
// (a service manager, a container) reads the shipped sets and runs its export worker from here, and
// nothing a stranger leaves in that folder. Server-only.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'carcassonne-lab';

/** The nearest folder above `file` whose package.json is this app's. */
export function appRootFrom(file: string): string {
	for (let dir = path.dirname(file); ;) {
		const manifest = path.join(dir, 'package.json');
		if (existsSync(manifest) && isOurs(manifest)) return dir;
		const up = path.dirname(dir);
		if (up === dir) throw new Error(`no package.json of ${NAME} in a folder above ${file}`);
		dir = up;
	}
}

function isOurs(manifest: string): boolean {
	try {
		return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === NAME;
	} catch {
		return false;
	}
}

let root: string | undefined;

/** The app's folder (where package.json, expansions/, src/cli/ and build/ are). */
export const appRoot = (): string => (root ??= appRootFrom(fileURLToPath(import.meta.url)));

/** A path inside the app's folder. */
export const inApp = (...parts: string[]): string => path.join(appRoot(), ...parts);
