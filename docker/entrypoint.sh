#!/bin/sh
# Run pending migrations, then the server (which then skips its own migration step).
set -e
node dist/src/cli.js migrate
export DATABASE_MIGRATIONS_RUN=false
# Heap capped (see README, Memory): the live heap is ~40 MB; without a cap V8 lets RSS grow to ~600 MB under load.
exec node --max-old-space-size=256 --max-semi-space-size=16 dist/src/main.js
