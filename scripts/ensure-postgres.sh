#!/usr/bin/env bash
# The server tests run against a real PostgreSQL (besides PGlite): make sure one is up and holds the test role and
# database (tezospole / tezospole, database tezospole_test on 127.0.0.1). Installs Debian's postgresql on a fresh
# machine when run as root; otherwise says what to do. Idempotent and quiet: prints only on failure.
set -euo pipefail
ROLE=tezospole
PASSWORD=tezospole
DB=tezospole_test
URL="${TEST_DATABASE_URL:-postgres://$ROLE:$PASSWORD@127.0.0.1:5432/$DB}"

# Fast path: already reachable (a developer's own server, a CI service container, or a previous run).
if command -v psql >/dev/null 2>&1 && psql "$URL" -qtAc 'select 1' >/dev/null 2>&1; then exit 0; fi

if [ "$(id -u)" != 0 ]; then
  echo "The server tests need PostgreSQL at $URL: run 'sudo bash scripts/ensure-postgres.sh' or set TEST_DATABASE_URL." >&2
  exit 1
fi

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
  echo "installing Debian's postgresql for the server tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
  pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 ~ /online/ { up = 1 } END { exit !up }'; then
  # Without systemd (containers) pg_ctlcluster starts the server itself; its systemd hint is noise here.
  pg_ctlcluster "$version" main start 2>/dev/null || service postgresql start >/dev/null
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"
for _ in $(seq 1 50); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.2
done

as_postgres() { runuser -u postgres -- psql -p "$port" -qtAX "$@"; }
if [ "$(as_postgres -c "select 1 from pg_roles where rolname = '$ROLE'")" != 1 ]; then
  as_postgres -c "create role $ROLE login createdb password '$PASSWORD'" >/dev/null
fi
if [ "$(as_postgres -c "select 1 from pg_database where datname = '$DB'")" != 1 ]; then
  as_postgres -c "create database $DB owner $ROLE" >/dev/null
fi

if ! psql "$URL" -qtAc 'select 1' >/dev/null 2>&1; then
  echo "PostgreSQL is running on port $port but $URL does not connect; set TEST_DATABASE_URL." >&2
  exit 1
fi
