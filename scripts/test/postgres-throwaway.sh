#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests that run against a PostgreSQL server (no Docker):
#   scripts/test/postgres-throwaway.sh start <dir> [port]   creates and starts a cluster in <dir>, prints DATABASE_URL
#   scripts/test/postgres-throwaway.sh stop <dir>           stops it and deletes <dir>
# Uses Debian's `postgresql` package (its binaries under /usr/lib/postgresql/<version>/bin). PostgreSQL
# refuses to run as root, so as root the cluster belongs to the user `postgres`. Local connections only,
# without a password (trust): the cluster lives as long as one test run.
set -euo pipefail

command=${1:?start or stop}
dir=${2:?directory}
port=${3:-55432}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)." >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_owner "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1"
    # Small and fast: a test cluster needs no durability.
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start >/dev/null"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && as_owner "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop >/dev/null" || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop <dir> [port]" >&2
    exit 2
    ;;
esac
