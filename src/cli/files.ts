// Loading expansion files from disk for the CLI (Node only; the app reads documents through its API).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Expansion } from '../lib/formats/schema-types.ts';
import type { Problem } from '../lib/formats/problems.ts';
import { nestingProblem } from '../lib/formats/nesting.ts';

/** The project's own tile sets (the shipped expansions). */
export const PROJECT_EXPANSIONS_DIR = resolve(
	dirname(fileURLToPath(import.meta.url)),
	'../../expansions'
);
/** The designer's own expansions when `EXPANSIONS_DIR` names no other folder (git-ignored). */
export const WORKSPACE_EXPANSIONS_DIR = resolve(
	dirname(fileURLToPath(import.meta.url)),
	'../../workspace/expansions'
);

export interface LoadedFile {
	/** The path as the user gave it (or joined from the folder they gave). */
	file: string;
	/** The parsed document; undefined when the file could not be read or parsed. */
	doc?: unknown;
	/** Read and parse errors (pointer ''). */
	problems: Problem[];
}

/** The files under `path` ending in one of `endings` (default `.json`; itself if it is a file), sorted; folders are searched recursively. */
export function listJsonFiles(path: string, endings: readonly string[] = ['.json']): string[] {
	const stat = statSync(path);
	if (!stat.isDirectory()) return [path];
	const out: string[] = [];
	for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
		a.name.localeCompare(b.name)
	)) {
		const full = join(path, entry.name);
		if (entry.isDirectory()) out.push(...listJsonFiles(full, endings));
		else if (endings.some((e) => entry.name.endsWith(e))) out.push(full);
	}
	return out;
}

/** Line and column (1-based) of a character offset in a text. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
	let line = 1;
	let start = 0;
	for (let i = 0; i < offset && i < text.length; i++) {
		if (text.charCodeAt(i) === 10) {
			line++;
			start = i + 1;
		}
	}
	return { line, column: offset - start + 1 };
}

/** Parses JSON text; a syntax error becomes a Problem at pointer '' naming its line and column. */
export function parseJson(text: string): { doc?: unknown; problems: Problem[] } {
	let doc: unknown;
	try {
		doc = JSON.parse(text);
	} catch (e) {
		const message = e instanceof Error ? e.message : String(e);
		let where: { line: number; column: number };
		const lc = /line (\d+) column (\d+)/.exec(message);
		const pos = /position (\d+)/.exec(message);
		if (lc) where = { line: Number(lc[1]), column: Number(lc[2]) };
		else where = lineColumn(text, pos ? Number(pos[1]) : text.length);
		const reason = message
			.replace(/ \(line \d+ column \d+\)/, '')
			.replace(/ in JSON at position \d.*$/, '');
		return {
			problems: [
				{
					pointer: '',
					message: `not valid JSON at line ${where.line}, column ${where.column}: ${reason}`,
					severity: 'error'
				}
			]
		};
	}
	const deep = nestingProblem(doc);
	return deep ? { problems: [deep] } : { doc, problems: [] };
}

export function loadFile(file: string): LoadedFile {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (e) {
		return {
			file,
			problems: [
				{
					pointer: '',
					message: `cannot read the file: ${e instanceof Error ? e.message : String(e)}`,
					severity: 'error'
				}
			]
		};
	}
	return { file, ...parseJson(text.replace(/^\uFEFF/, '')) };
}

/** Every expansion file under the given paths (files or folders). */
export function loadPaths(paths: readonly string[]): LoadedFile[] {
	return paths.flatMap((p) => listJsonFiles(p)).map(loadFile);
}

/** The documents of a folder of expansions by their id (unparseable files and id-less documents are skipped). */
function byId(files: readonly LoadedFile[], into: Map<string, Expansion>): Map<string, Expansion> {
	for (const f of files) {
		const doc = f.doc;
		if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
			const id = (doc as Record<string, unknown>).id;
			if (typeof id === 'string') into.set(id, doc as Expansion);
		}
	}
	return into;
}

/** The project's shipped expansions (expansions/) by their id: the one loader the tests share. */
export function shippedExpansions(): Map<string, Expansion> {
	return byId(loadPaths([PROJECT_EXPANSIONS_DIR]), new Map());
}

/**
 * The expansions a document may depend on: the project's shipped sets, the designer's folder
 * (EXPANSIONS_DIR, or workspace/expansions/) and the given files, later ones winning on equal ids.
 */
export function availableExpansions(given: readonly LoadedFile[] = []): Map<string, Expansion> {
	const map = new Map<string, Expansion>();
	for (const dir of [
		PROJECT_EXPANSIONS_DIR,
		process.env.EXPANSIONS_DIR || WORKSPACE_EXPANSIONS_DIR
	]) {
		if (dir && existsSync(dir) && statSync(dir).isDirectory()) byId(loadPaths([dir]), map);
	}
	return byId(given, map);
}
