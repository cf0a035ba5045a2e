#!/usr/bin/env bash
# `runner game` beside ogsolve (crates.io: the fastest published solver of octal games), in one
# run: the CPU seconds (user + sys, /usr/bin/time) and the peak memory of each on the games
# the issue names, and the ratio. Ours computes until its proof closes (the values it needs
# are what ogsolve is then asked for: -n is its last position) and prints the proof; naive
# 0.07 is computed to 10^5 values by both (ours with --no-stop: its proof closes at 176).
#
# Usage (from anywhere in the repository):
#
#   runner/benches/games.sh                 # every game
#   GAMES="0.16 0.56" runner/benches/games.sh
#   METHODS="rc" runner/benches/games.sh    # ogsolve's methods tried (default: rc rc2; the
#                                           # faster is compared)
#
# ogsolve is installed into target/ogsolve (cargo install --root; never committed) the first
# time. Our runner is the dev build `cargo run -p runner` uses (the games crate at
# opt-level 3). The machine is shared: compare the two columns of one run, never a figure
# written down on another day; the load average is printed before and after.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$repo"
games=${GAMES:-"0.16 0.56 0.376 0.354 naive-0.07"}
methods=${METHODS:-"rc rc2"}
ogsolve=target/ogsolve/bin/ogsolve
if [ ! -x "$ogsolve" ]; then
  cargo install ogsolve --locked --root target/ogsolve >&2
fi
cargo build -q -p runner
runner=target/debug/runner
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs "$@" under /usr/bin/time; prints "CPU-SECONDS PEAK-KIB", the output in $tmp/out.
timed() {
  /usr/bin/time -f "%U %S %M" -o "$tmp/time" "$@" > "$tmp/out"
  awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$tmp/time"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %10s %10s %9s %10s %9s %7s\n' game values ours-cpu-s ours-MiB ogsolve-s ogs-MiB ratio
for g in $games; do
  if [ "$g" = naive-0.07 ]; then
    read -r ours_s ours_k < <(timed "$runner" game 0.07 --max 100000 --no-stop --format json --values 0)
    values=100000
    ogs_args=(0.07 -n 99999)
    ogs_methods=naive
  else
    read -r ours_s ours_k < <(timed "$runner" game "$g" --max 30000000 --format json --values 0)
    values=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["values_computed"])' "$tmp/out")
    ogs_args=("$g" -n $((values - 1)))
    ogs_methods=$methods
  fi
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("  ours:", r["verdict"]); print("  method:", r["method"]["why"])' "$tmp/out" >&2
  best_s= best_k= best_m=
  for m in $ogs_methods; do
    read -r s k < <(timed "$ogsolve" "${ogs_args[@]}" -m "$m")
    echo "  ogsolve -m $m: $s s, $(grep -o 'found period.*' "$tmp/out" || echo 'no period printed')" >&2
    if [ -z "$best_s" ] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
      best_s=$s best_k=$k best_m=$m
    fi
  done
  ratio=$(awk -v a="$ours_s" -v b="$best_s" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  printf '%-12s %10s %10s %9.1f %10s %9.1f %7s  (ogsolve -m %s)\n' "$g" "$values" "$ours_s" \
    "$(awk -v k="$ours_k" 'BEGIN { print k / 1024 }')" "$best_s" \
    "$(awk -v k="$best_k" 'BEGIN { print k / 1024 }')" "$ratio" "$best_m"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ratio: our CPU seconds / ogsolve's (below 1: we are faster)"
