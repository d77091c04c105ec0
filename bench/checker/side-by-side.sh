#!/usr/bin/env bash
# The checker's speed comparison (a benchmark, not a test): the issue's command, every
# check on, run in each checkout in turn, ROUNDS times, so the machine's drift falls on all of them.
# One line per run: time of day, checkout, exit code, wall, user and system seconds, peak RSS (KB, the
# process and its worker threads), load average at the start, the host's steal over the run (ticks
# of /proc/stat), violations in the report. Needs GNU time (/usr/bin/time).
#   bench/checker/side-by-side.sh ROUNDS CHECKOUT... > runs.txt     (e.g. an old commit in a git worktree, then .)
set -euo pipefail
rounds=${1:?usage: bench/checker/side-by-side.sh ROUNDS CHECKOUT...}
shift
E=base,inns-and-cathedrals,river,dragon,bards,buddo,inn-and-stable-owners,messengers-and-mayors
report=$(mktemp)
times=$(mktemp)
trap 'rm -f "$report" "$times"' EXIT
steal() { awk '/^cpu / {print $9}' /proc/stat; }
for ((i = 1; i <= rounds; i++)); do
	for dir in "$@"; do
		s0=$(steal)
		load=$(cut -d' ' -f1 /proc/loadavg)
		set +e
		(cd "$dir" && /usr/bin/time -f '%e %U %S %M' -o "$times" npx carcassonne-lab simulate --expansions "$E" --games 10000 --seed 3 --json > "$report" 2> /dev/null)
		rc=$?
		set -e
		violations=$(node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).violations.length) } catch { console.log("?") }' "$report")
		echo "$(date -u +%H:%M:%S) $dir rc=$rc $(cat "$times") load=$load steal=$(($(steal) - s0)) violations=$violations"
	done
done
