// Bytes as base64 text and back (btoa/atob work on "binary strings"; a large array is turned into
// one in chunks, since a spread of every byte at once overflows the call stack).

export function bytesToBase64(bytes: Uint8Array): string {
	let s = '';
	for (let i = 0; i < bytes.length; i += 0x8000)
		s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(s);
}

export function base64ToBytes(text: string): Uint8Array {
	return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
