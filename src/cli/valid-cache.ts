// Expansions the validator found valid, remembered on disk beside the CLI's bundle: validating
// compiles the expansion schema first (~0.2 s of CPU, each time the CLI starts), for documents that
// seldom change. A document is remembered by a hash of the bundle (its build time and size: the
// validator's code, the rule registry and the schemas, rebuilt on any change), every document the
// validator may look up, and the document itself; only "valid" is remembered (an invalid one is
// validated again and its errors shown). Only with the bundle (src/cli/bundle.js): through tsx
// every document is validated.
import { createHash, type Hash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Expansion } from '../lib/engine/index.ts';

/** The bundle the CLI runs from (set by src/cli/bundle.js). */
const BUNDLE_ENV = 'CARCASSONNE_LAB_BUNDLE';
/** Hashes kept at most (the latest). */
const KEEP = 256;

export interface ValidCache {
	has(e: Expansion): boolean;
	add(e: Expansion): void;
}

/** The cache for validating against `available` (null without a bundle). */
export function validCache(available: ReadonlyMap<string, Expansion>): ValidCache | null {
	const bundle = process.env[BUNDLE_ENV];
	if (!bundle) return null;
	let base: Hash;
	try {
		const { mtimeMs, size } = statSync(bundle);
		base = createHash('sha256').update(`${mtimeMs} ${size}\n`);
	} catch {
		return null;
	}
	base.update(JSON.stringify([...available.values()]));
	const file = `${bundle}.valid.json`;
	let keys: string[] = [];
	try {
		const read: unknown = JSON.parse(readFileSync(file, 'utf8'));
		if (Array.isArray(read)) keys = read.filter((k) => typeof k === 'string');
	} catch {
		// none yet, or unreadable: every document is validated
	}
	const keyOf = (e: Expansion) => base.copy().update(JSON.stringify(e)).digest('hex');
	return {
		has: (e) => keys.includes(keyOf(e)),
		add(e) {
			const key = keyOf(e);
			keys = [...keys.filter((k) => k !== key), key].slice(-KEEP);
			// written whole under another name, then renamed over it: a run reading it sees one or the other
			const tmp = `${file}.${process.pid}.tmp`;
			try {
				writeFileSync(tmp, JSON.stringify(keys));
				renameSync(tmp, file);
			} catch {
				rmSync(tmp, { force: true });
			}
		}
	};
}
