#!/usr/bin/env bash
# The performance issue's report from one run: each load on the floor (the bare relay) and then on gb-server, one
# after the other, the engine's side-by-side bench, then the table (src/bin/side_by_side.rs) with every figure
# beside its reference and its target. Run it on a quiet machine; nothing else should be running.
# Usage: crates/gb-loadgen/scripts/side_by_side.sh OUT_DIR
#   (release binaries gb-server, gb-loadgen, floor and side_by_side in $CARGO_TARGET_DIR/release:
#    cargo build --release -p gb-server -p gb-loadgen)
# SIDE_BY_SIDE_LOADS overrides the loads ("rooms:spectators:think_ms" ...); SIDE_BY_SIDE_SECS the window.
set -euo pipefail
OUT=$(mkdir -p "$1" && cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
# From the workspace's root, where `cargo bench` runs and a relative CARGO_TARGET_DIR is read.
cd "$HERE/../../.."
T=${CARGO_TARGET_DIR:-target}/release
SECS=${SIDE_BY_SIDE_SECS:-30}
# 1,000 and 4,000 rooms of two seats and two spectators at one intent a second each; then 1,000 rooms with no
# spectators and a 20 ms think, more than either server can take: intents per server-core-second at saturation.
LOADS=${SIDE_BY_SIDE_LOADS:-"1000:2:1000 4000:2:1000 1000:0:20"}
mkdir -p "$OUT/server"
ulimit -n 65536 2>/dev/null || true
for load in $LOADS; do
  IFS=: read -r R S THINK <<<"$load"
  echo "== $R x $S, think $THINK ms: the floor, then gb-server (load average $(cut -d' ' -f1 /proc/loadavg))"
  "$T/floor" --rooms "$R" --spectators "$S" --think-ms "$THINK" --duration-secs "$SECS" --json-out "$OUT/floor.jsonl"
  # At the first load, also the floor in gb-server's shape with no game (rooms as tasks, a SQLite log written by
  # the room before every frame): what is left of gb-server's cost beside it is the game's own.
  if [ "$load" = "${LOADS%% *}" ]; then
    "$T/floor" --shape durable-inline --rooms "$R" --spectators "$S" --think-ms "$THINK" --duration-secs "$SECS" \
      --json-out "$OUT/floor.jsonl"
  fi
  # At 4,000 rooms the generator shares the two cores with the server: at nice 19 the server's tail is its own.
  NICE=0
  if [ "$R" -ge 4000 ]; then NICE=1; fi
  GB_BENCH_NICE_GENERATOR=$NICE "$HERE/bench.sh" "$OUT/server" "$R:$S:$THINK:$SECS"
done
echo "== the engine against a chess ply (cargo bench -p gb-core --bench side_by_side)"
cargo bench -q -p gb-core --bench side_by_side 2>/dev/null | tee "$OUT/engine.txt"
echo
"$T/side_by_side" "$OUT" | tee "$OUT/report.md"
