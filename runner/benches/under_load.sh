#!/usr/bin/env bash
# The project's tests beside CPU hogs: starts HOGS (default 4) CPU hogs, runs
# `cargo test --workspace` (or the command given), and kills the hogs, whatever happened. The
# tests must pass as they do on an idle machine: no verdict of theirs depends on how busy the
# machine is (time spent waiting for a CPU does not count for the wall-clock backstop).
#
# Usage (from anywhere in the repository):
#
#   runner/benches/under_load.sh                         # 4 hogs, cargo test --workspace
#   HOGS=8 runner/benches/under_load.sh cargo test --test all hostile::
#
# The hogs are `sh` loops under `timeout` (at most an hour), killed when the script ends. Prints
# the load average before and after, and the tests' time.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
hogs=${HOGS:-4}
cmd=("$@")
[ ${#cmd[@]} -eq 0 ] && cmd=(cargo test --workspace)

pids=()
cleanup() {
  # timeout passes SIGTERM on to its hog.
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
}
trap cleanup EXIT

cd "$repo"
# Built first, without the hogs: the figure is the tests', not the build's.
cargo test --workspace --no-run -q 2>/dev/null || true
echo "under_load.sh: $(nproc) CPUs, $hogs hogs; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq 1 "$hogs"); do
  timeout 3600 sh -c 'while :; do :; done' &
  pids+=($!)
done
start=$(date +%s)
status=0
"${cmd[@]}" || status=$?
echo "under_load.sh: ${cmd[*]} exited $status after $(($(date +%s) - start)) s beside $hogs hogs;" \
  "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
