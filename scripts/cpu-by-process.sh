#!/usr/bin/env bash
# Runs a command and prints the CPU seconds each kind of process on the machine used meanwhile:
# chromium by its --type (renderer, gpu-process, ...), node by what it runs (a Vitest worker, the
# built server), PostgreSQL, and so on. `time` counts only the children it waits for, and misses
# chromium's renderers and a PostgreSQL's backends; this reads every process's /proc/PID/stat twice
# a second instead (so up to the last half second of each process is missed). The sampling itself
# shows as bash, about 5 CPU-s a minute.
#   scripts/cpu-by-process.sh npx vitest run --project e2e e2e/storefront-cart.test.ts
set -uo pipefail
[ $# -gt 0 ] || { echo "usage: $0 command [args...]" >&2; exit 2; }

samples=$(mktemp)
trap 'rm -f "$samples"' EXIT

sample() { # one line per process: round pid kind ticks
  local round=$1 stat pid rest comm kind
  for stat in /proc/[0-9]*/stat; do
    read -r rest < "$stat" 2>/dev/null || continue
    pid=${stat#/proc/}; pid=${pid%/stat}
    comm=${rest#*(}; comm=${comm%%)*}
    kind=$comm
    if [[ $comm == chromium* || $comm == node ]]; then
      kind+=$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -o -- '--type=[a-z-]*\|vitest/dist/workers\|server/dist/main' | head -1)
    fi
    # utime and stime are the 14th and 15th fields, the 12th and 13th after "(comm) "
    read -ra fields <<< "${rest##*) }"
    echo "$round $pid ${kind// /_} $((fields[11] + fields[12]))"
  done >> "$samples"
}

sample 1
"$@" &
command_pid=$!
round=1
while kill -0 "$command_pid" 2>/dev/null; do
  round=$((round + 1))
  sample "$round"
  sleep 0.5
done
wait "$command_pid"
status=$?
sample $((round + 1))

# a process seen in the first round counts from that reading, a later one from zero; it is named by
# its last reading (a kernel worker renames itself as it goes)
awk -v hz="$(getconf CLK_TCK)" '
  { if (!($2 in first)) first[$2] = ($1 == 1) ? $4 : 0; if ($4 >= last[$2]) { last[$2] = $4; kind_of[$2] = $3 } }
  END {
    for (pid in last) used[kind_of[pid]] += last[pid] - first[pid]
    for (kind in used) if (used[kind] / hz >= 0.1) printf "%8.1f CPU-s  %s\n", used[kind] / hz, kind
  }' "$samples" | sort -rn
exit "$status"
