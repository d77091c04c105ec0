#!/usr/bin/env bash
# The greedy bot's speed comparison (a benchmark, not a test): in each checkout in turn,
# ROUNDS times, the checker's greedy command on the Bards + I&C + Inn and Stable Owners + Buddo + M&M
# mix (greedy against random, MIX_GAMES games, default 300: the command) and base greedy
# against greedy (BASE_GAMES games, default 300: the count). One line per run: time of day, checkout, command,
# games, the report's seconds (wall), CPU seconds (user + system, GNU time), both per game, load
# average at the start. Per game, an old checkout may play fewer mix games (MIX_GAMES_OLD, for OLD).
#   OLD=<old worktree> MIX_GAMES_OLD=60 bench/bots/side-by-side.sh 3 <old worktree> .
set -euo pipefail
rounds=${1:?usage: bench/bots/side-by-side.sh ROUNDS CHECKOUT...}
shift
MIX=bards,inns-and-cathedrals,inn-and-stable-owners,buddo,messengers-and-mayors
report=$(mktemp)
times=$(mktemp)
trap 'rm -f "$report" "$times"' EXIT
run() { # checkout label games args...
	local dir=$1 label=$2 games=$3
	shift 3
	local load
	load=$(cut -d' ' -f1 /proc/loadavg)
	# the CLI as installed runs it (bin/carcassonne-lab.js); npx would add its own start (~0.8 s of CPU here) to both
	(cd "$dir" && /usr/bin/time -f '%U %S' -o "$times" node bin/carcassonne-lab.js simulate "$@" --games "$games" --seed 1 --json > "$report" 2> /dev/null)
	node -e 'const fs = require("fs"); const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); const [u, s] = fs.readFileSync(process.argv[2], "utf8").trim().split(" ").map(Number); const g = Number(process.argv[3]); console.log(`${process.argv[4]} games=${g} wall=${r.seconds} cpu=${(u + s).toFixed(2)} wallPerGame=${(r.seconds / g).toFixed(4)} cpuPerGame=${((u + s) / g).toFixed(4)}`)' "$report" "$times" "$games" "$(date -u +%H:%M:%S) $dir $label load=$load"
}
for ((i = 1; i <= rounds; i++)); do
	for dir in "$@"; do
		mix=${MIX_GAMES:-300}
		[[ -n "${OLD:-}" && "$dir" == "$OLD" ]] && mix=${MIX_GAMES_OLD:-$mix}
		run "$dir" mix-greedy-random "$mix" --expansions "$MIX" --policies greedy,random
		run "$dir" base-greedy-greedy "${BASE_GAMES:-300}" --policies greedy,greedy
	done
done
