#!/usr/bin/env bash
# Installs, builds and starts the whole app on embedded defaults: PGlite in ./data,
# local files and the dev mail outbox (sign-in codes are logged).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run build --silent
exec node --import tsx apps/server/src/main.ts
