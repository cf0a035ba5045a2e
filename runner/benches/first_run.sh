#!/usr/bin/env bash
# A first run from a fresh clone: `cargo run -p runner` and `cargo test --workspace`, each in a
# clone of its own (nothing built: no target/, so no runner, no programs, no verdicts), timed by
# /usr/bin/time -v. Prints, per command, the wall time, the CPU time (user + sys, which other
# work on the machine hardly changes) and the load average before and after.
#
# Usage (from anywhere in the repository):
#
#   runner/benches/first_run.sh              # the commit checked out (HEAD), both commands
#   runner/benches/first_run.sh REV          # another commit or branch
#   ONLY=run runner/benches/first_run.sh     # only `cargo run -p runner` (ONLY=test: the tests)
#   KEEP=1 runner/benches/first_run.sh       # keep the clones (their path is printed)
#   BASE=a0d72fa runner/benches/first_run.sh # the same for a baseline commit too, measured
#                                            # before and after, and the ratios
#
# The machine's speed moves with its load (it is shared): a figure is compared with a baseline
# measured in the same run (BASE), never with one written down on another day.
#
# The crates are taken from cargo's registry cache (~/.cargo): a download is not part of the
# figure. Uncommitted changes are not in the clone: commit first.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rev=${1:-HEAD}
commit=$(git -C "$repo" rev-parse --verify "$rev^{commit}")
base=
if [ -n "${BASE:-}" ]; then
  base=$(git -C "$repo" rev-parse --verify "$BASE^{commit}")
fi
only=${ONLY:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/first-run.XXXXXX")
if [ -z "${KEEP:-}" ]; then
  trap 'rm -rf "$tmp"' EXIT
fi

# Fetch what the build needs first, so that the timed commands do not download.
(cd "$repo" && cargo fetch --locked -q)

load() { cut -d' ' -f1-3 /proc/loadavg; }

# measure NAME COMMIT CMD...: a fresh clone of COMMIT, then CMD in it under /usr/bin/time -v.
# Sets WALL and CPU.
measure() {
  local name=$1 at=$2
  shift 2
  local dir="$tmp/$name"
  rm -rf "$dir"
  git clone -q --no-checkout "$repo" "$dir"
  git -C "$dir" checkout -q "$at"
  local before
  before=$(load)
  local status=0
  (cd "$dir" && /usr/bin/time -v -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>&1) || status=$?
  local after
  after=$(load)
  local line
  line=$(awk -v name="$name" -v before="$before" -v after="$after" -v status="$status" -F': ' '
    /User time/ { user = $2 }
    /System time/ { sys = $2 }
    /Elapsed \(wall clock\)/ {
      n = split($2, t, ":"); wall = 0
      for (i = 1; i <= n; i++) wall = wall * 60 + t[i]
    }
    END {
      printf "%-10s wall %6.1f s   cpu %6.1f s (user %.1f + sys %.1f)   load %s -> %s   exit %s|%.1f|%.1f\n",
        name, wall, user + sys, user, sys, before, after, status, wall, user + sys
    }' "$tmp/$name.time")
  echo "${line%%|*}"
  WALL=$(echo "$line" | cut -d'|' -f2)
  CPU=$(echo "$line" | cut -d'|' -f3)
  tail -n 1 "$tmp/$name.out" | sed 's/^/      last line: /'
  if [ "$status" != 0 ]; then
    echo "      (failed: see $tmp/$name.out)"
    KEEP=1
    trap - EXIT
  fi
}

# compare WHAT CMD...: CMD on the commit (and, with BASE, on the baseline before and after it).
compare() {
  local what=$1
  shift
  if [ -z "$base" ]; then
    measure "$what" "$commit" "$@"
    return
  fi
  measure "$what-base1" "$base" "$@"
  local w1=$WALL c1=$CPU
  measure "$what" "$commit" "$@"
  local w=$WALL c=$CPU
  measure "$what-base2" "$base" "$@"
  awk -v what="$what" -v w="$w" -v c="$c" -v w1="$w1" -v c1="$c1" -v w2="$WALL" -v c2="$CPU" 'BEGIN {
    printf "%-10s ratio to the baseline (the mean of its two runs): wall %.2fx, cpu %.2fx\n",
      what, w / ((w1 + w2) / 2), c / ((c1 + c2) / 2)
  }'
}

echo "commit $(git -C "$repo" log -1 --format='%h %s' "$commit" | cut -c1-80)"
[ -n "$base" ] && echo "baseline $(git -C "$repo" log -1 --format='%h %s' "$base" | cut -c1-80)"
echo "$(nproc) CPUs; $(rustc --version)"
if [ "$only" != test ]; then
  compare run cargo run -p runner
fi
if [ "$only" != run ]; then
  # --no-fail-fast: the whole suite is timed even when a test fails (cargo stops at the first
  # failing test binary otherwise); on a green suite it is the same work.
  compare test cargo test --workspace --no-fail-fast
fi
[ -n "${KEEP:-}" ] && echo "clones kept in $tmp"
exit 0
