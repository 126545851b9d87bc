#!/usr/bin/env bash
# Installs everything the tests need, then runs every test: static checks, unit and
# integration suites (PGlite; PostgreSQL too when TEST_DATABASE_URL is set) and the
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
  echo "== Integration tests on PostgreSQL ($TEST_DATABASE_URL)"
  AURUM_TEST_DRIVER=postgres npx vitest run --project server integration
else
  echo "== PostgreSQL integration tests skipped: set TEST_DATABASE_URL to run them"
fi

echo "== Browser journeys (Playwright in Chromium)"
npm run build --silent
npx playwright test -c e2e
