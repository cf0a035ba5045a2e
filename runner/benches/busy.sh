#!/usr/bin/env bash
# Verdicts on a busy machine: three programs, each judged on 10 cases under a 1000 ms limit,
# with no CPU hogs and then with HOGS (default 8) CPU hogs beside the runner:
#   - a burner of 900 ms of CPU time, which must be AC 10/10,
#   - a burner of 1100 ms, which must be TLE 10/10 (by CPU time),
#   - a sleeper of 5 s, past the wall-clock backstop (3 s), which must be TLE 10/10.
# Time spent waiting for a CPU does not count for the backstop (sandbox/src/program.rs), so the
# hogs change how long a run takes, never its verdict. Prints a table, and exits 1 when a
# verdict is not the one expected.
#
# Usage (from anywhere in the repository):
#
#   runner/benches/busy.sh                  # 8 hogs; the runner built from the work tree
#   HOGS=4 runner/benches/busy.sh
#   RUNNER=/path/to/runner runner/benches/busy.sh   # another build (an older commit's)
#
# The hogs are `sh` loops under `timeout` (at most 15 minutes), killed when the script ends.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
hogs=${HOGS:-8}
if [ -z "${RUNNER:-}" ]; then
  (cd "$repo" && cargo build -q -p runner)
  RUNNER="$repo/target/debug/runner"
fi
ws=$(mktemp -d "${TMPDIR:-/tmp}/busy.XXXXXX")
pids=()
cleanup() {
  # timeout passes SIGTERM on to its hog.
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$ws"
}
trap cleanup EXIT

mkdir -p "$ws/problems/busy" "$ws/fixtures"
cp "$repo/judges.toml" "$ws/"
printf 'title = "Busy"\njudge = "local"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n' \
  >"$ws/problems/busy/problem.toml"
for i in $(seq 1 10); do
  printf '[[case]]\nname = "c%d"\nsource = "hand"\ninput = "%d\\n"\noutput = "%d\\n"\n\n' \
    "$i" "$i" $((2 * i))
done >"$ws/fixtures/busy.toml"
answer='long n; if (scanf("%ld", &n) != 1) return 1; printf("%ld\n", 2 * n); return 0;'
head='#include <stdio.h>
#include <time.h>
#include <unistd.h>'
printf '%s\nint main(void) { while (clock() < CLOCKS_PER_SEC / 10 * 9) {} %s }\n' "$head" "$answer" >"$ws/burn900.c"
printf '%s\nint main(void) { while (clock() < CLOCKS_PER_SEC / 10 * 11) {} %s }\n' "$head" "$answer" >"$ws/burn1100.c"
printf '%s\nint main(void) { sleep(5); %s }\n' "$head" "$answer" >"$ws/sleep5.c"

start_hogs() {
  for _ in $(seq 1 "$1"); do
    timeout 900 sh -c 'while :; do :; done' &
    pids+=($!)
  done
}

stop_hogs() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
  pids=()
}

bad=0
row() { # row HOGS PROGRAM EXPECT
  local out ac tle other t0 t1
  t0=$(date +%s.%N)
  out=$("$RUNNER" --root "$ws" --color never judge busy "$ws/$2.c" 2>&1 || true)
  t1=$(date +%s.%N)
  ac=$(printf '%s\n' "$out" | sed -n 's/.*\]: \([0-9]*\)\/10 AC.*/\1/p' | head -n 1)
  tle=$(printf '%s\n' "$out" | grep -c ' · case c[0-9]*: TLE' || true)
  ac=${ac:-0}
  other=$((10 - ac - tle))
  local got=$ac
  [ "$3" = TLE ] && got=$tle
  local mark=ok
  if [ "$got" != 10 ]; then
    mark=WRONG
    bad=1
  fi
  printf '%-5s %-11s %-7s %3s %4s %6s %7.1f %6s  %s\n' "$1" "$2" "$3" "$ac" "$tle" "$other" \
    "$(awk "BEGIN { print $t1 - $t0 }")" "$(cut -d' ' -f1 /proc/loadavg)" "$mark"
  if [ "$mark" = WRONG ]; then
    printf '%s\n' "$out" | grep -E ' · case |AC' | head -n 12 | sed 's/^/      /'
  fi
}

echo "busy.sh: $(nproc) CPUs, limit 1000 ms, 10 cases per program; runner: $RUNNER"
printf '%-5s %-11s %-7s %3s %4s %6s %7s %6s\n' hogs program expect AC TLE other 'wall s' load
for n in 0 "$hogs"; do
  start_hogs "$n"
  # The hogs first take their share of the CPUs.
  [ "$n" -gt 0 ] && sleep 2
  row "$n" burn900 AC
  row "$n" burn1100 TLE
  row "$n" sleep5 TLE
  stop_hogs
done
exit $bad
