#!/bin/sh
# Run pending migrations, then the server (which then skips its own migration step).
set -e
node dist/src/cli.js migrate
export DATABASE_MIGRATIONS_RUN=false
exec node dist/src/main.js
