#!/usr/bin/env bash
# The compose file on a machine that reaches no image registry (issue 45; docs/multi-node.md "Compose, with local
# stand-in images"). Builds stand-ins for every base image from Debian packages and this machine's toolchains,
# builds gb-server:local with them, then runs both profiles and plays a match through each:
#
#   deploy/standins.sh [images|server|single|cluster|all|down]      (default: all)
#
#   images   debootstrap bookworm (minbase) -> `docker import` gb-standin/bookworm; on it: gb-standin/rust (the
#            rustup toolchain `which cargo` belongs to, copied in), gb-standin/node (this machine's node + npm),
#            gb-standin/postgres (Debian postgresql-15, POSTGRES_USER/PASSWORD/DB, PGDATA, pg_isready as the
#            postgres image), gb-standin/nats (Debian nats-server), gb-standin/nginx (Debian nginx).
#   server   `docker build` of crates/gb-server/Dockerfile with those as its build arguments (BuildKit, niced).
#   single   `docker-compose --profile single up`, matches played against the server while it restarts
#            (deploy/standins-match.py), every acknowledged intent looked up in match_intents.
#   cluster  `docker-compose --profile cluster up`, matches played through nginx while the node owning the first
#            one restarts (SIGTERM, then again with SIGKILL), every acknowledged intent looked up in match_intents.
#   down     the stacks down with their volumes.
#
# Needs: a running Docker engine (Debian docker.io: `dockerd &` as root), Debian's docker-compose and debootstrap,
# python3. Env: GB_STANDIN_WORK (rootfs cache, default /work/gb-standins), GB_HTTP_PORT (default 8080),
# MIRROR (default http://deb.debian.org/debian). Not part of CI: the server build alone takes many minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${GB_STANDIN_WORK:-/work/gb-standins}
mirror=${MIRROR:-http://deb.debian.org/debian}
# The docker.io client (20.10) builds with BuildKit without the buildx plugin; a newer client may lack buildx.
docker=${DOCKER:-/usr/bin/docker}
[ -x "$docker" ] || docker=docker
export DOCKER_BUILDKIT=1
export GB_HTTP_PORT=${GB_HTTP_PORT:-8080}
export GB_POSTGRES_IMAGE=gb-standin/postgres:15 GB_NATS_IMAGE=gb-standin/nats:2 GB_NGINX_IMAGE=gb-standin/nginx:1
export GB_NODE_IMAGE=gb-standin/node:20 GB_RUST_IMAGE=gb-standin/rust:1.95 GB_RUNTIME_IMAGE=gb-standin/bookworm:local
export GB_SERVER_IMAGE=gb-server:local
compose=(docker-compose -p gbstandin -f docker-compose.yml)

t0=$(date +%s)
say() { printf '[%4ss] %s\n' "$(($(date +%s) - t0))" "$*"; }
timed() { # timed LABEL cmd… : runs cmd, prints how long it took
  local label=$1 s=$(date +%s)
  shift
  "$@"
  say "$label: $(($(date +%s) - s)) s"
}

# An image from the base: a Dockerfile on stdin, the context a directory (or none).
build_on_base() { # tag context dockerfile-text
  local tag=$1 ctx=$2 text=$3
  if [ "$ctx" = - ]; then
    printf '%s\n' "$text" | "$docker" build -q -t "$tag" - >/dev/null
  else
    printf '%s\n' "$text" | "$docker" build -q -t "$tag" -f - "$ctx" >/dev/null
  fi
}

# The machine's own extra certificate authorities (a TLS-inspecting proxy's, as here: cargo and npm inside a build
# otherwise fail with "self-signed certificate in certificate chain"), for the images that download.
host_cas() {
  mkdir -p "$1/cas"
  cp /usr/local/share/ca-certificates/*.crt "$1/cas/" 2>/dev/null || true
}

images() {
  mkdir -p "$work"
  if [ ! -x "$work/rootfs/bin/sh" ]; then
    rm -rf "$work/rootfs"
    bootstrap() { nice -n 10 debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log"; }
    timed "debootstrap bookworm minbase" bootstrap
  fi
  # What debian:bookworm-slim has and a minbase lacks for us: nothing the runtime stage uses (useradd, bash).
  # Imported once; REBUILD=1 imports it again (and so rebuilds every image on it).
  if [ -n "${REBUILD:-}" ] || ! "$docker" image inspect "$GB_RUNTIME_IMAGE" >/dev/null 2>&1; then
    timed "import $GB_RUNTIME_IMAGE" sh -c "tar -C '$work/rootfs' -c . | '$docker' import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' -c 'CMD [\"bash\"]' \
    - $GB_RUNTIME_IMAGE >/dev/null"
  fi

  # Rust: the toolchain cargo runs from here, as the rust image lays it out (RUSTUP_HOME, CARGO_HOME). The context
  # is one tar stream (no copy of the toolchain on disk; its HTML docs, tens of thousands of files, left out).
  local cargo rhome chome tc real ctx
  cargo=$(command -v cargo)
  chome=$(dirname "$(dirname "$cargo")")
  rhome=${RUSTUP_HOME:-$HOME/.rustup}
  tc=$(cd "$root" && rustup show active-toolchain | awk '{print $1}')
  real=$(readlink -f "$rhome/toolchains/$tc")
  ctx=$work/rust-ctx
  rm -rf "$ctx" && mkdir -p "$ctx"
  host_cas "$ctx"
  printf 'version = "12"\ndefault_toolchain = "%s"\n' "$tc" >"$ctx/settings.toml"
  cat >"$ctx/Dockerfile" <<EOD
FROM $GB_RUNTIME_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev pkg-config ca-certificates git \\
    && rm -rf /var/lib/apt/lists/*
COPY cas/ /usr/local/share/ca-certificates/
RUN update-ca-certificates >/dev/null
COPY rustup /usr/local/rustup
COPY settings.toml /usr/local/rustup/settings.toml
COPY cargo /usr/local/cargo
ENV RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo \\
    PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN cargo --version && rustc --version
EOD
  rust_ctx() {
    tar -c -C "$ctx" Dockerfile settings.toml cas \
      -C "$(dirname "$real")" --exclude="$(basename "$real")/share/doc" \
      --transform "flags=r;s,^$(basename "$real"),rustup/toolchains/$tc," "$(basename "$real")" \
      -C "$chome" --transform "flags=r;s,^bin,cargo/bin," bin/cargo bin/rustc bin/rustdoc bin/rustup
  }
  rust_build() { rust_ctx | "$docker" build -q -t "$GB_RUST_IMAGE" - >/dev/null; }
  timed "build $GB_RUST_IMAGE ($tc)" rust_build
  rm -rf "$ctx"

  # Node: this machine's node and npm (Debian bookworm's nodejs is 18; Vite wants 20).
  local node npmdir
  node=$(command -v node)
  npmdir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  ctx=$work/node-ctx
  rm -rf "$ctx" && mkdir -p "$ctx"
  host_cas "$ctx"
  cp -a "$(readlink -f "$node")" "$ctx/node"
  cp -a "$npmdir" "$ctx/npm"
  timed "build $GB_NODE_IMAGE ($("$node" --version))" build_on_base "$GB_NODE_IMAGE" "$ctx" "FROM $GB_RUNTIME_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY cas/ /usr/local/share/ca-certificates/
RUN update-ca-certificates >/dev/null
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx && node --version && npm --version
CMD [\"node\"]"
  rm -rf "$ctx"

  # PostgreSQL 15: the postgres image's contract as compose uses it: POSTGRES_USER/PASSWORD/DB on an empty
  # PGDATA (/var/lib/postgresql/data, the volume), password auth from other hosts, pg_isready on PATH.
  ctx=$work/pg-ctx
  rm -rf "$ctx" && mkdir -p "$ctx"
  cat >"$ctx/entrypoint.sh" <<'EOS'
#!/bin/bash
set -euo pipefail
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}" "${PGDATA:=/var/lib/postgresql/data}"
[ -n "${POSTGRES_PASSWORD:-}" ] || { echo "POSTGRES_PASSWORD is required" >&2; exit 1; }
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pw=$(mktemp) && printf '%s\n' "$POSTGRES_PASSWORD" >"$pw" && chown postgres "$pw"
  as_pg initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pw" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pw"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.auto.conf"
  as_pg pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  [ "$POSTGRES_DB" = postgres ] || as_pg psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres \
    -qc "CREATE DATABASE \"$POSTGRES_DB\""
  as_pg pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "standin postgres: initialized $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" "$@"
EOS
  chmod +x "$ctx/entrypoint.sh"
  timed "build $GB_POSTGRES_IMAGE" build_on_base "$GB_POSTGRES_IMAGE" "$ctx" "FROM $GB_RUNTIME_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT [\"/usr/local/bin/docker-entrypoint.sh\"]"
  rm -rf "$ctx"

  # NATS: Debian's nats-server on 4222 (compose gives it no command, as with the nats image).
  timed "build $GB_NATS_IMAGE" build_on_base "$GB_NATS_IMAGE" - "FROM $GB_RUNTIME_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends nats-server && rm -rf /var/lib/apt/lists/*
EXPOSE 4222
ENTRYPOINT [\"nats-server\"]
CMD [\"-p\", \"4222\"]"

  # nginx: Debian's, in the foreground; compose mounts deploy/nginx.conf over /etc/nginx/nginx.conf.
  timed "build $GB_NGINX_IMAGE" build_on_base "$GB_NGINX_IMAGE" - "FROM $GB_RUNTIME_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends nginx-light && rm -rf /var/lib/apt/lists/* \
    && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 8080
STOPSIGNAL SIGQUIT
CMD [\"nginx\", \"-g\", \"daemon off;\"]"
  "$docker" images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^gb-standin/' | sed 's/^/  /'
}

server() {
  server_build() {
    nice -n 10 "$docker" build -f crates/gb-server/Dockerfile -t "$GB_SERVER_IMAGE" \
      --build-arg NODE_IMAGE="$GB_NODE_IMAGE" --build-arg RUST_IMAGE="$GB_RUST_IMAGE" \
      --build-arg RUNTIME_IMAGE="$GB_RUNTIME_IMAGE" --progress=plain . >"$work/server-build.log" 2>&1 \
      || { tail -40 "$work/server-build.log"; return 1; }
  }
  timed "build $GB_SERVER_IMAGE" server_build
  # BuildKit's own step times: npm ci, the web build, cargo build (cached when nothing changed).
  grep -E '^#[0-9]+ (\[(web|build) [0-9]/[0-9]\] RUN|DONE [0-9.]+s$)' "$work/server-build.log" \
    | awk '/RUN/ {step[$1] = $0} /DONE/ && step[$1] {sub(/ --mount.*/, "", step[$1]); print "  " step[$1] ": " $3; delete step[$1]}'
}

base=http://127.0.0.1:$GB_HTTP_PORT
psql_cmd="${compose[*]} exec -T db psql -U gb -d gb -At"

# Waits for $base/healthz (200) and for every running container with a healthcheck to be healthy.
wait_up() {
  local s=$(date +%s) id bad
  for _ in $(seq 1 300); do
    bad=0
    curl -sf "$base/healthz" >/dev/null || bad=1
    for id in $("${compose[@]}" ps -q); do
      case $("$docker" inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id") in
        healthy | none) ;;
        *) bad=1 ;;
      esac
    done
    [ $bad = 0 ] && { say "up and healthy after $(($(date +%s) - s)) s"; return 0; }
    sleep 1
  done
  "${compose[@]}" ps
  "${compose[@]}" logs --tail 30
  echo "not healthy after 300 s" >&2
  return 1
}

down() {
  "${compose[@]}" --profile single --profile cluster down -v --remove-orphans >/dev/null 2>&1 || true
}

single() {
  down
  timed "up --profile single" "${compose[@]}" --profile single up -d --no-build
  wait_up
  say "healthz: $(curl -s "$base/healthz")"
  # The server restarted (SIGTERM) in the middle: its clients reconnect and resume by version.
  timed "match (single, server restarted)" python3 deploy/standins-match.py --base "$base" --psql "$psql_cmd" \
    --matches "${MATCHES:-2}" --think-ms 50 --restart-at 20 \
    --restart-cmd "${compose[*]} --profile single restart -t 30 server" | tee "$work/single-match.log"
  "${compose[@]}" logs --no-color >"$work/single-compose.log" 2>&1
  down
}

cluster() {
  down
  timed "up --profile cluster" "${compose[@]}" --profile cluster up -d --no-build
  wait_up
  say "healthz through nginx: $(curl -s "$base/healthz") / $(curl -s "$base/healthz")"
  # 1. SIGTERM (`docker-compose restart`: the node drains, hands its rooms over, comes back under a new id).
  timed "match (cluster, owner restarted with SIGTERM)" python3 deploy/standins-match.py --base "$base" \
    --psql "$psql_cmd" --matches "${MATCHES:-4}" --think-ms 100 --restart-at 20 \
    --restart-cmd "${compose[*]} --profile cluster restart -t 30 {node}" | tee "$work/cluster-term.log"
  wait_up
  # 2. SIGKILL: the owner dies without a word; the other node claims its rooms once its lease expires (5 s).
  timed "match (cluster, owner SIGKILLed and started again)" python3 deploy/standins-match.py --base "$base" \
    --psql "$psql_cmd" --matches "${MATCHES:-4}" --think-ms 100 --restart-at 20 \
    --restart-cmd "$docker kill -s KILL gbstandin_{node}_1 && sleep 1 && $docker start gbstandin_{node}_1" \
    | tee "$work/cluster-kill.log"
  "${compose[@]}" logs --no-color >"$work/cluster-compose.log" 2>&1
  down
}

case ${1:-all} in
  images) images ;;
  server) server ;;
  single) single ;;
  cluster) cluster ;;
  down) down ;;
  all)
    images
    server
    single
    cluster
    say "all done"
    ;;
  *) echo "usage: $0 [images|server|single|cluster|all|down]" >&2; exit 2 ;;
esac
