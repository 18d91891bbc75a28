#!/bin/sh
# No arguments: pending migrations, then the server (which then skips its own migration step).
# With arguments: a CLI command instead, e.g. `docker compose run --rm app user:list`.
set -e
if [ "$#" -gt 0 ]; then
  exec node dist/src/cli.js "$@"
fi
# DATABASE_MIGRATIONS_RUN=false: a separate job migrates (docker-compose.yml), so replicas never race on it
case "${DATABASE_MIGRATIONS_RUN:-true}" in
  false | 0 | no | off) ;;
  *) node dist/src/cli.js migrate ;;
esac
export DATABASE_MIGRATIONS_RUN=false
# Heap capped (see README, Memory): the live heap is ~40 MB; without a cap V8 lets RSS grow to ~600 MB under load.
exec node --max-old-space-size=256 --max-semi-space-size=16 dist/src/main.js
