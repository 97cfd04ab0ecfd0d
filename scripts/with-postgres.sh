#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (Debian's server binaries), with DATABASE_URL
# pointing at it, then removes the cluster. Usage: scripts/with-postgres.sh npm run test:db
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "PostgreSQL server not found: install it with \`sudo apt-get install -y postgresql\`." >&2
  exit 1
fi

port=${PGTEST_PORT:-55432}
dir=$(mktemp -d /tmp/tandem-pg-XXXXXX)
chmod 755 "$dir"
# The server refuses to run as root: use the postgres user when we are root.
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U tandem --auth=trust --encoding=UTF8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
"$bin/createdb" -h 127.0.0.1 -p "$port" -U tandem tandem

echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://tandem@127.0.0.1:$port/tandem" "$@"
