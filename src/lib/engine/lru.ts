// A map that keeps only its most recently used entries: caches that must not grow without end in a
// long-lived process (a server, a page open all day) that sees ever new inputs.

/** A Map of at most `limit` entries; get and set make an entry the most recent, set drops the least recent past the limit. */
export class LruMap<K, V> {
	// a Map iterates in insertion order: an entry used is moved to the end, the first is the least recent
	private readonly map = new Map<K, V>();

	constructor(readonly limit: number) {}

	get size(): number {
		return this.map.size;
	}

	has(key: K): boolean {
		return this.map.has(key);
	}

	get(key: K): V | undefined {
		const value = this.map.get(key);
		if (value !== undefined) {
			this.map.delete(key);
			this.map.set(key, value);
		}
		return value;
	}

	set(key: K, value: V): void {
		this.map.delete(key);
		this.map.set(key, value);
		if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as K);
	}
}
