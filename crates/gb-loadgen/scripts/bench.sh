#!/usr/bin/env bash
# Runs gb-loadgen against a fresh release gb-server per size: a free loopback port, a temp SQLite database,
# quiet logs. Results are appended to $OUT/results.jsonl and $OUT/results.md.
# Usage: crates/gb-loadgen/scripts/bench.sh OUT_DIR "matches:spectators:think_ms:duration[:idle]" ...
# GB_BENCH_NICE_GENERATOR=1 runs the generator at the lowest CPU priority (nice 19), so that on a machine it shares
# with the server the server's latency is less the generator's contention for the same cores.
set -euo pipefail
GEN_PREFIX=()
if [ "${GB_BENCH_NICE_GENERATOR:-0}" = 1 ]; then GEN_PREFIX=(nice -n 19); fi
OUT=$1; shift
T=${CARGO_TARGET_DIR:-target}/release
mkdir -p "$OUT"
for spec in "$@"; do
  IFS=: read -r M S THINK DUR IDLE <<<"$spec"
  DB=$(mktemp -d /tmp/gb-bench-db.XXXXXX)
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  MPORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  # A high per-socket rate limit only matters for the short-think throughput runs. Every socket comes from
  # 127.0.0.1, so the per-address connection cap is lifted to the server-wide one (keep ulimit -n above it).
  RUST_LOG=warn GB_WS_RATE=1000 GB_WS_BURST=2000 GB_MAX_CONNECTIONS=60000 GB_MAX_CONNECTIONS_PER_ADDR=60000 GB_WS_OPENS_PER_ADDR_BURST=1000000 GB_GUEST_ADDR_BURST=1000000 \
    GB_METRICS_BIND="127.0.0.1:$MPORT" "$T/gb-server" --bind "127.0.0.1:$PORT" \
    --database-url "sqlite://$DB/gb.sqlite?mode=rwc" --static-dir /nonexistent >"$OUT/server-$M-$S-$THINK.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$MPORT/metrics" >/dev/null && break; sleep 0.2; done
  "${GEN_PREFIX[@]}" "$T/gb-loadgen" --addr "127.0.0.1:$PORT" --metrics-addr "127.0.0.1:$MPORT" --server-pid "$SERVER" --matches "$M" --spectators "$S" \
    --think-ms "$THINK" --duration-secs "$DUR" --ramp-secs 10 --waves 5 --idle "${IDLE:-0}" \
    --json-out "$OUT/results.jsonl" --md-out "$OUT/results.md" 2>"$OUT/loadgen-$M-$S-$THINK.log" | tail -3 || true
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  rm -rf "$DB"
done
