#!/usr/bin/env bash
# Installs, builds and starts the whole app on embedded defaults: PGlite in ./data,
# local files and the dev mail outbox (sign-in codes are logged). The build compiles the
# server to JavaScript, so the same command serves production (see Deploying in README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run build --silent
exec node --enable-source-maps apps/server/dist/main.js
