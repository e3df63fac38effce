#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster on 127.0.0.1 for tests and benchmarks.
#   scripts/throwaway-postgres.sh start DIR   -> prints the DATABASE_URL on stdout
#   scripts/throwaway-postgres.sh stop DIR
# Installs Debian's PostgreSQL when no server binaries are found (needs root and apt).
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?directory}

find_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$PGUSER_OS" -- "$@"; else "$@"; fi
}

PGUSER_OS=postgres
if [ "$(id -u)" = 0 ] && ! id "$PGUSER_OS" >/dev/null 2>&1; then
  PGUSER_OS=ctxhub-pg
  id "$PGUSER_OS" >/dev/null 2>&1 || useradd --system --no-create-home "$PGUSER_OS"
fi

case "$cmd" in
  start)
    if ! bin=$(find_bin); then
      echo "[pg] installing PostgreSQL from Debian" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq postgresql >&2
      bin=$(find_bin)
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown "$PGUSER_OS" "$dir"
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >&2 || { cat "$dir/server.log" >&2; exit 1; }
    echo "$bin" >"$dir/bin"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -f "$dir/bin" ] || exit 0
    as_pg "$(cat "$dir/bin")/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
