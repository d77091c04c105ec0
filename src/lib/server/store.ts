// A folder on disk is a store of JSON documents, one `<name>.json` each: the expansions (two
// folders: the shipped sets in `expansions/`, read-only, and the designer's workspace,
// `workspace/expansions/` or `EXPANSIONS_DIR`, where every write goes) and the scenarios folder use
// the same code (`documentStore`). Server-only. Writes are atomic (temporary file in the same folder, fsync,
// rename), so a reader or a crash never sees a torn file; every read and write reports the
// revision (a SHA-256 prefix of the file's bytes) and writes must name the revision they were
// based on. Outcomes are typed results, not exceptions.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from '../formats/problems.ts';
import { isShipped } from '../formats/shipped.ts';
import { findJsonFault } from '../formats/json-text.ts';
import { nestingProblem } from '../formats/nesting.ts';
import { inApp } from './app-root.ts';

/** Safe expansion ids: lower-case words joined by single '-', at most 64 characters. */
export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_ID_LENGTH = 64;
export const isSafeId = (id: string): boolean => id.length <= MAX_ID_LENGTH && ID_PATTERN.test(id);

/**
 * A folder of the designer's: the one the environment variable names (a relative one from the
 * working directory, as a shell reads it), or `workspace/<name>/` in the app's own folder.
 */
export function workspaceFolder(variable: string, name: string): string {
	const dir = process.env[variable];
	return dir ? path.resolve(dir) : inApp('workspace', name);
}

/** The designer's folder, where expansions are written: `EXPANSIONS_DIR`, or the app's `workspace/expansions/`. */
export const expansionsDir = (): string => workspaceFolder('EXPANSIONS_DIR', 'expansions');

/** The shipped sets' folder, listed beside the workspace and never written: the app's `expansions/`. */
export const shippedDir = (): string => inApp('expansions');

/** The revision of a file: the first 24 hex digits of the SHA-256 of its bytes. */
export function revisionOf(bytes: string | Uint8Array): string {
	return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

/** The bytes written for a document: tab-indented JSON with a final newline (as kept in git). */
export function serialise(doc: unknown): string {
	return JSON.stringify(doc, null, '\t') + '\n';
}

/** A parse error as a located problem: what was expected, at which line and column. */
export function jsonParseProblem(text: string, error: unknown): Problem {
	const raw = error instanceof Error ? error.message : String(error);
	const fault = findJsonFault(text);
	if (!fault) return { pointer: '', message: `Malformed JSON: ${raw}`, severity: 'error' };
	const found =
		fault.position < text.length
			? `'${text.slice(fault.position, fault.position + 12).split('\n')[0]}'`
			: 'the end';
	return {
		pointer: '',
		message: `Malformed JSON at line ${fault.line}, column ${fault.column} (position ${fault.position}): expected ${fault.expected}, found ${found}`,
		severity: 'error'
	};
}

export interface StoredDocument {
	/** The document's name in the store: its file name without `.json` (an expansion's id). */
	id: string;
	revision: string;
	/** The parsed document (absent when the file is not valid JSON). */
	doc?: unknown;
	/** Why the file could not be parsed. */
	parseError?: Problem;
	readOnly: boolean;
	/** The file's text exactly as on disk. */
	text: string;
}
export type StoredExpansion = StoredDocument;

export type StoreFailure =
	| { ok: false; reason: 'unsafe-id' }
	| { ok: false; reason: 'not-found' }
	| { ok: false; reason: 'read-only' }
	| { ok: false; reason: 'precondition-required' }
	| { ok: false; reason: 'exists'; current: StoredDocument }
	| { ok: false; reason: 'stale'; current: StoredDocument };

export type ReadResult =
	({ ok: true } & StoredDocument) | Extract<StoreFailure, { reason: 'unsafe-id' | 'not-found' }>;
export type WriteResult =
	{ ok: true; id: string; revision: string; created: boolean } | StoreFailure;
export type DeleteResult = { ok: true } | StoreFailure;

export interface WriteOptions {
	/** Update: the revision the new document is based on (or several: any of them). */
	ifMatch?: string | readonly string[];
	/** Create: only when no document with this id exists. */
	ifNoneMatch?: '*';
}

const fileOf = (dir: string, id: string) => path.join(dir, `${id}.json`);
const matches = (revision: string, wanted: string | readonly string[] | undefined) =>
	typeof wanted === 'string' ? wanted === revision : (wanted?.includes(revision) ?? false);

function parseStored(id: string, text: string, readOnly: boolean): StoredDocument {
	const base = { id, revision: revisionOf(text), readOnly, text };
	let doc: unknown;
	try {
		doc = JSON.parse(text);
	} catch (e) {
		return { ...base, parseError: jsonParseProblem(text, e) };
	}
	// a value nothing else can walk (JSON.stringify, the page's serialiser) is kept out like broken text
	const deep = nestingProblem(doc);
	return deep
		? { ...base, parseError: { ...deep, message: `The file cannot be read: ${deep.message}` } }
		: { ...base, doc };
}

/** A file the store cannot read at all (a folder named `<name>.json`, no permission): listed with the reason. */
function unreadable(id: string, readOnly: boolean, error: unknown): StoredDocument {
	const reason =
		(error as NodeJS.ErrnoException).code ??
		(error instanceof Error ? error.message : String(error));
	return {
		id,
		revision: '',
		readOnly,
		text: '',
		parseError: {
			pointer: '',
			message: `The file cannot be read (${reason}): fix or remove ${id}.json in its folder`,
			severity: 'error'
		}
	};
}

async function readText(file: string): Promise<string | undefined> {
	try {
		return await readFile(file, 'utf8');
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw e;
	}
}

/** Our temporary files: `.<name>.json.<pid>.<12 hex>.tmp`. */
const TEMP_FILE = /^\.(.+)\.json\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/** The temporary files this process is writing now (a file of our PID not listed is an orphan of an earlier process with the same PID: a container's PID 1). */
const inFlight = new Set<string>();

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return (e as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Removes temporary files left by a writer that died (killed mid-write): never ours in flight. */
async function removeOrphanedTempFiles(dir: string, names: string[]): Promise<void> {
	for (const name of names) {
		const m = TEMP_FILE.exec(name);
		if (!m) continue;
		const file = path.join(dir, name);
		const pid = Number(m[2]);
		if (pid === process.pid ? !inFlight.has(file) : !processAlive(pid))
			await unlink(file).catch(() => undefined);
	}
}

// Writes and deletes of one id run one after the other inside this process.
const locks = new Map<string, Promise<unknown>>();
async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
	const previous = locks.get(key) ?? Promise.resolve();
	const run = previous.then(task, task);
	const tail = run.catch(() => undefined);
	locks.set(key, tail);
	try {
		return await run;
	} finally {
		if (locks.get(key) === tail) locks.delete(key);
	}
}

/** Writes `text` to `file` atomically: a temporary file beside it, fsync, rename, fsync the folder. */
export async function atomicWrite(file: string, text: string): Promise<void> {
	const dir = path.dirname(file);
	await mkdir(dir, { recursive: true });
	const tmp = path.join(
		dir,
		`.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
	);
	inFlight.add(tmp);
	try {
		const handle = await open(tmp, 'wx', 0o644);
		try {
			await handle.writeFile(text, 'utf8');
			await handle.sync();
		} catch (e) {
			await handle.close().catch(() => undefined);
			await unlink(tmp).catch(() => undefined);
			throw e;
		}
		await handle.close();
		try {
			await rename(tmp, file);
		} catch (e) {
			await unlink(tmp).catch(() => undefined);
			throw e;
		}
	} finally {
		inFlight.delete(tmp);
	}
	// Make the rename itself durable (not supported on every platform: best effort).
	try {
		const d = await open(dir, 'r');
		try {
			await d.sync();
		} finally {
			await d.close();
		}
	} catch {
		/* ignore */
	}
}

export interface DocumentStoreOptions {
	/** The folder (read on every call, so the environment may name it). */
	dir: () => string;
	/** Names that may be files of the store; anything else is refused ('unsafe-id') or not listed. */
	isSafeName: (name: string) => boolean;
	/** Documents that can be read but never written or deleted. */
	readOnly?: (name: string) => boolean;
}

export interface DocumentStore {
	isSafeName(name: string): boolean;
	isReadOnly(name: string): boolean;
	/** Every `<safe name>.json` of the folder, sorted by name (temporary files skipped, orphans removed). */
	list(): Promise<StoredDocument[]>;
	read(name: string): Promise<ReadResult>;
	/** Creates (`ifNoneMatch: '*'`) or updates (`ifMatch: revision`); validating is the caller's business. */
	write(name: string, doc: unknown, options?: WriteOptions): Promise<WriteResult>;
	/** Deletes a document; `ifMatch` must be its current revision. */
	remove(name: string, ifMatch: string | readonly string[] | undefined): Promise<DeleteResult>;
}

/** A store of JSON documents in one folder, with revisions, preconditions and atomic writes. */
export function documentStore(o: DocumentStoreOptions): DocumentStore {
	const readOnly = o.readOnly ?? (() => false);
	const stored = (id: string, text: string) => parseStored(id, text, readOnly(id));

	async function list(): Promise<StoredDocument[]> {
		const dir = o.dir();
		let names: string[];
		try {
			names = await readdir(dir);
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
			throw e;
		}
		await removeOrphanedTempFiles(dir, names);
		const ids = names
			.filter((n) => n.endsWith('.json'))
			.map((n) => n.slice(0, -'.json'.length))
			.filter(o.isSafeName)
			.sort();
		const out: StoredDocument[] = [];
		for (const id of ids) {
			try {
				const text = await readText(fileOf(dir, id));
				if (text !== undefined) out.push(stored(id, text));
			} catch (e) {
				out.push(unreadable(id, readOnly(id), e));
			}
		}
		return out;
	}

	async function read(id: string): Promise<ReadResult> {
		if (!o.isSafeName(id)) return { ok: false, reason: 'unsafe-id' };
		const text = await readText(fileOf(o.dir(), id));
		if (text === undefined) return { ok: false, reason: 'not-found' };
		return { ok: true, ...stored(id, text) };
	}

	async function write(id: string, doc: unknown, options: WriteOptions = {}): Promise<WriteResult> {
		if (!o.isSafeName(id)) return { ok: false, reason: 'unsafe-id' };
		if (readOnly(id)) return { ok: false, reason: 'read-only' };
		const { ifMatch, ifNoneMatch } = options;
		if (ifMatch === undefined && ifNoneMatch !== '*')
			return { ok: false, reason: 'precondition-required' };
		const text = serialise(doc);
		const file = fileOf(o.dir(), id);
		return withLock(file, async (): Promise<WriteResult> => {
			const currentText = await readText(file);
			const current = currentText === undefined ? undefined : stored(id, currentText);
			if (ifNoneMatch === '*') {
				if (current) return { ok: false, reason: 'exists', current };
			} else {
				if (!current) return { ok: false, reason: 'not-found' };
				if (!matches(current.revision, ifMatch)) return { ok: false, reason: 'stale', current };
			}
			await atomicWrite(file, text);
			return { ok: true, id, revision: revisionOf(text), created: !current };
		});
	}

	async function remove(
		id: string,
		ifMatch: string | readonly string[] | undefined
	): Promise<DeleteResult> {
		if (!o.isSafeName(id)) return { ok: false, reason: 'unsafe-id' };
		if (readOnly(id)) return { ok: false, reason: 'read-only' };
		if (ifMatch === undefined) return { ok: false, reason: 'precondition-required' };
		const file = fileOf(o.dir(), id);
		return withLock(file, async (): Promise<DeleteResult> => {
			const currentText = await readText(file);
			if (currentText === undefined) return { ok: false, reason: 'not-found' };
			const current = stored(id, currentText);
			if (!matches(current.revision, ifMatch)) return { ok: false, reason: 'stale', current };
			await unlink(file);
			return { ok: true };
		});
	}

	return { isSafeName: o.isSafeName, isReadOnly: readOnly, list, read, write, remove };
}

// ---------------------------------------------------------------------------------------------
// The expansions: the shipped folder (read-only) over the workspace (`EXPANSIONS_DIR`, or
// `workspace/expansions/`). An id in both is the shipped one; a shipped set is never written.

const shippedStore = documentStore({ dir: shippedDir, isSafeName: isSafeId, readOnly: () => true });
/** Read-only: a shipped set, or any document of the shipped folder (unless it is the workspace too). */
const readOnlyExpansion = (id: string) =>
	isShipped(id) || (shippedDir() !== expansionsDir() && existsSync(fileOf(shippedDir(), id)));
const workspaceStore = documentStore({
	dir: expansionsDir,
	isSafeName: isSafeId,
	readOnly: readOnlyExpansion
});
const separate = () => shippedDir() !== expansionsDir();

/** The expansions store, for code written against any document store (the API endpoints). */
export const expansionStore: DocumentStore = {
	isSafeName: isSafeId,
	isReadOnly: readOnlyExpansion,
	async list() {
		if (!separate()) return workspaceStore.list();
		const shipped = await shippedStore.list();
		const ids = new Set(shipped.map((e) => e.id));
		return [...shipped, ...(await workspaceStore.list()).filter((e) => !ids.has(e.id))].sort(
			(a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
		);
	},
	async read(id) {
		const shipped = separate() ? await shippedStore.read(id) : undefined;
		return shipped?.ok ? shipped : workspaceStore.read(id);
	},
	write: (id, doc, options) => workspaceStore.write(id, doc, options),
	remove: (id, ifMatch) => workspaceStore.remove(id, ifMatch)
};

/**
 * Every `<safe id>.json` of the shipped folder and the workspace, sorted by id. Temporary files and
 * other names are skipped; temporary files of writers that no longer run are removed.
 */
export function listExpansions(): Promise<StoredExpansion[]> {
	return expansionStore.list();
}

export function readExpansion(id: string): Promise<ReadResult> {
	return expansionStore.read(id);
}

/**
 * Creates (`ifNoneMatch: '*'`) or updates (`ifMatch: revision`) a document. The document is
 * written as given (tab-indented JSON); validating it is the caller's business.
 */
export function writeExpansion(
	id: string,
	doc: unknown,
	options: WriteOptions = {}
): Promise<WriteResult> {
	return expansionStore.write(id, doc, options);
}

/** Deletes a document; `ifMatch` must be its current revision. */
export function deleteExpansion(
	id: string,
	ifMatch: string | readonly string[] | undefined
): Promise<DeleteResult> {
	return expansionStore.remove(id, ifMatch);
}
