#!/usr/bin/env bash
# The several-nodes benchmark (issue #15; docs/multi-node.md "Benchmark", BENCHMARKS.md): gb-server nodes on a
# fresh PostgreSQL database of their own and the NATS at 127.0.0.1:4222, loaded by gb-loadgen, then removed.
#
#   deploy/bench-cluster.sh SERVER LOADGEN MODE [gb-loadgen options…]
#
# MODE: `spread` two nodes, each table's sockets round-robin over them (seat A and the spectators on the node that
#       does not own the room: relayed); `local` two nodes, every socket on the room's owner (`--local`);
#       `single` one node, no NATS (the reference a relayed frame is compared with).
# Env: PGHOST_URL (default postgres://postgres@127.0.0.1:5432), NATS_URL (default nats://127.0.0.1:4222),
#      BASE_PORT (default 18080; nodes use BASE_PORT+i and BASE_PORT+100+i for metrics).
set -euo pipefail
[ $# -ge 3 ] || { sed -n 2,12p "$0"; exit 2; }
server=$1 loadgen=$2 mode=$3
shift 3
pg=${PGHOST_URL:-postgres://postgres@127.0.0.1:5432}
nats=${NATS_URL:-nats://127.0.0.1:4222}
base=${BASE_PORT:-18080}
db="gb_bench_cluster_$$"
case $mode in
  spread | local) n=2 ;;
  single) n=1 ;;
  *) echo "MODE is spread, local or single" >&2; exit 2 ;;
esac
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$pg/test" -qc "DROP DATABASE IF EXISTS \"$db\"" >/dev/null || true
}
trap cleanup EXIT
psql "$pg/test" -qc "CREATE DATABASE \"$db\""
addrs=() metrics=()
for i in $(seq 0 $((n - 1))); do
  port=$((base + i)) mport=$((base + 100 + i))
  env=(DATABASE_URL="$pg/$db" GB_BIND="127.0.0.1:$port" GB_METRICS_BIND="127.0.0.1:$mport"
    GB_STATIC_DIR=/nonexistent-gb-static RUST_LOG=warn
    # Every loadgen socket comes from 127.0.0.1: lift the per-address caps to the server-wide one, as
    # crates/gb-loadgen/scripts/bench.sh does, or the run measures 429s.
    GB_WS_RATE=1000 GB_WS_BURST=2000 GB_MAX_CONNECTIONS=60000 GB_MAX_CONNECTIONS_PER_ADDR=60000
    GB_WS_OPENS_PER_ADDR_BURST=1000000 GB_GUEST_ADDR_BURST=1000000)
  [ "$mode" = single ] || env+=(GB_NATS_URL="$nats")
  env "${env[@]}" "$server" &
  pids+=($!)
  addrs+=("127.0.0.1:$port") metrics+=("127.0.0.1:$mport")
  for _ in $(seq 1 200); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
    sleep 0.1
  done
done
join() { local IFS=,; echo "$*"; }
extra=()
[ "$mode" = local ] && extra+=(--local)
uptime
"$loadgen" --addr "$(join "${addrs[@]}")" --metrics-addr "$(join "${metrics[@]}")" "${extra[@]}" "$@"
uptime
