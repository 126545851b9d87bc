#!/usr/bin/env bash
# Installs everything the tests need, then runs every test: static checks, unit and
# integration suites (PGlite; PostgreSQL too, on Node.js 24, when TEST_DATABASE_URL is set) and the
# browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --test

echo "== Lint and format (Biome)"
npx biome ci .
echo "== Type check"
npm run typecheck --silent

echo "== Unit and integration tests on embedded PGlite"
npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # On Node.js 24 (scripts/ensure-deps.sh installs it): the rest of the run is on the machine's Node,
  # so the server's suites, its processes and the compiled cluster are tried on both.
  node24="$(ls .cache/node24/node_modules/node-linux-*/bin/node)"
  echo "== Integration tests on PostgreSQL ($TEST_DATABASE_URL), on Node.js $("$node24" --version)"
  AURUM_TEST_DRIVER=postgres "$node24" node_modules/vitest/vitest.mjs run --project server integration
else
  echo "== PostgreSQL integration tests skipped: set TEST_DATABASE_URL to run them"
fi

echo "== Browser journeys (Playwright in Chromium)"
npm run build --silent
npx playwright test -c e2e
