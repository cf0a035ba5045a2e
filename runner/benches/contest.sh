#!/usr/bin/env bash
# A whole contest, as its jury filed it, judged by the runner and by problemtools in the same
# sitting: for each problem package of CONTEST (a folder of problem folders, or one holding
# problems/), alternating per problem,
#   - the runner: `runner import` into a fresh workspace (which settles each rejected
#     submission's first verdict and measures a missing time limit), then `runner` (every
#     submission on every case);
#   - problemtools: `verifyproblem -p config validators submissions` (every submission on every
#     case, its verdict against its folder's; no statement, so no LaTeX needed).
# Prints one line per problem (wall seconds of each, the runner's summary line and
# problemtools' count of errors), the totals and the load average before and after, and
# keeps every log in OUT (default: a new folder under /tmp).
#
# Usage (from anywhere in the repository; the two contests of issue 38):
#
#   git clone /work/.mirror/icpc+na-rocky-mountain-2022-2023-public/repo /tmp/rmrc
#   runner/benches/contest.sh /tmp/rmrc
#   VERIFYPROBLEM=target/problemtools/bin/verifyproblem runner/benches/contest.sh DIR
#   ONLY=runner runner/benches/contest.sh DIR      # or ONLY=problemtools
#
# The runner is built from the work tree (RUNNER= another build). problemtools is
# `verifyproblem` on PATH, else target/problemtools/bin/verifyproblem (.ci/run installs it
# there); its `pyctd` must be on PATH for a package with checktestdata validators (it is put
# there). A package whose mirror lacks files (SWERC 2025's lfs and expansionplan2: large inputs
# absent) is judged as it is.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
contest=${1:?usage: contest.sh CONTEST_DIR}
[ -d "$contest/problems" ] && contest="$contest/problems"
if [ -z "${RUNNER:-}" ]; then
  (cd "$repo" && cargo build -q -p runner)
  RUNNER="$repo/target/debug/runner"
fi
vp=${VERIFYPROBLEM:-$(command -v verifyproblem || echo "$repo/target/problemtools/bin/verifyproblem")}
export PATH="$PATH:$(dirname "$vp")"
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/contest.XXXXXX")}
mkdir -p "$out"
only=${ONLY:-both}

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

echo "contest $contest; logs in $out; load before: $(load)"
printf '%-30s %10s %10s  %-28s %s\n' problem runner_s pt_s runner problemtools
total_r=0
total_p=0
for pkg in "$contest"/*/; do
  pkg=${pkg%/}
  [ -f "$pkg/problem.yaml" ] || continue
  name=$(basename "$pkg")
  r_s=- p_s=- r_said=- p_said=-
  if [ "$only" != problemtools ]; then
    ws="$out/ws-$name"
    rm -rf "$ws"
    "$RUNNER" init "$ws" >/dev/null
    t0=$(now)
    if (cd "$ws" && "$RUNNER" --color never import "$pkg") >"$out/$name.import.log" 2>&1 &&
      (cd "$ws" && "$RUNNER" --color never "$name") >"$out/$name.runner.log" 2>&1; then :; fi
    t1=$(now)
    r_s=$(secs "$t0" "$t1")
    total_r=$(echo "$total_r + $r_s" | bc)
    r_said=$(tail -n 1 "$out/$name.runner.log" 2>/dev/null || echo "import failed")
    grep -q '^error' "$out/$name.import.log" && r_said="import refused"
  fi
  if [ "$only" != runner ]; then
    t0=$(now)
    "$vp" -p config validators submissions -l info "$pkg" >"$out/$name.problemtools.log" 2>&1 || true
    t1=$(now)
    p_s=$(secs "$t0" "$t1")
    total_p=$(echo "$total_p + $p_s" | bc)
    p_said=$(grep -o '[0-9]* errors\?, [0-9]* warnings\?' "$out/$name.problemtools.log" | tail -n 1 || true)
  fi
  printf '%-30s %10s %10s  %-28s %s\n' "$name" "$r_s" "$p_s" "$r_said" "$p_said"
done
printf '%-30s %10s %10s\n' total "$total_r" "$total_p"
echo "load after: $(load)"
