#!/bin/bash
# What `cargo install --path runner --locked` costs: a release build of runner from nothing
# (no target/, the crates from cargo's registry cache), for each commit given, one after the
# other in this sitting, with its wall time, CPU time (user + sys, the steadier figure) and the
# load average before each. Usage: runner/benches/install.sh [REV…] (default: HEAD).
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- HEAD
for rev in "$@"; do
  dir="$work/$(git -C "$repo" rev-parse --short "$rev")"
  git clone -q "$repo" "$dir"
  git -C "$dir" checkout -q "$rev"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  /usr/bin/time -f "%e %U %S" -o "$work/time" \
    cargo build --release --locked -p runner --manifest-path "$dir/Cargo.toml" \
    --target-dir "$dir/target" -q
  read -r wall user sys <"$work/time"
  printf '%s  wall %7.1f s  cpu %7.1f s  (load before: %s)\n' "$rev" "$wall" \
    "$(awk "BEGIN{print $user + $sys}")" "$load"
done
