#!/usr/bin/env bash
# The engine benchmark side by side (a benchmark, not a test): bench/engine.bench.ts in the first
# checkout (the old one, a git worktree) and the second in turn, ROUNDS times, then per line the
# median placements per CPU second of each and the ratio second/first of each round (median; range).
# BENCH_MS (default 3000) is each line's CPU budget. The raw lines go to stderr.
#   bench/engine/side-by-side.sh 5 <old worktree> .
set -euo pipefail
rounds=${1:?usage: bench/engine/side-by-side.sh ROUNDS OLD NEW}
old=${2:?old checkout}
new=${3:?new checkout}
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for ((i = 1; i <= rounds; i++)); do
	for side in old new; do
		dir=${!side}
		(cd "$dir" && BENCH_MS=${BENCH_MS:-3000} node bin/run-ts.js bench/run.ts engine) |
			grep 'placements/CPU s' | sed "s/^/$side $i\t/" | tee -a "$raw" >&2
	done
done
node -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n");
const runs = {}; // name -> round -> {old, new}
for (const l of lines) {
	const [head, rest] = l.split("\t");
	const [side, round] = head.split(" ");
	const m = rest.match(/^(.*?)\s+([\d,]+) placements\/CPU s/);
	const name = m[1].trim();
	((runs[name] ??= {})[round] ??= {})[side] = Number(m[2].replace(/,/g, ""));
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const f = (n) => Math.round(n).toLocaleString("en");
console.log("| configuration | old | new | ratio (median; range) |\n|---|---|---|---|");
for (const [name, rounds] of Object.entries(runs)) {
	const rs = Object.values(rounds).filter((r) => r.old && r.new);
	const ratios = rs.map((r) => r.new / r.old);
	console.log(`| ${name} | ${f(median(rs.map((r) => r.old)))} | ${f(median(rs.map((r) => r.new)))} | **${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×) |`);
}' "$raw"
