// Tables and chart data as CSV (RFC 4180: quoted when needed, CRLF between records).

const cell = (v: unknown): string => {
	const s =
		v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
	return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Rows of plain objects as CSV, the columns in the order first met. */
export function toCsv(rows: readonly object[]): string {
	const columns: string[] = [];
	for (const r of rows) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
	const value = (r: object, c: string) => (r as Record<string, unknown>)[c];
	return (
		[
			columns.map(cell).join(','),
			...rows.map((r) => columns.map((c) => cell(value(r, c))).join(','))
		].join('\r\n') + '\r\n'
	);
}

/** A record of counts (`{ "12": 3 }`) as rows with the given column names. */
export function countRows(
	r: Record<string, number>,
	key: string,
	value: string
): Record<string, unknown>[] {
	return Object.entries(r).map(([k, n]) => ({ [key]: k, [value]: n }));
}
