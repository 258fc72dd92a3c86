#!/usr/bin/env bash
# Every check the project has, in the order that fails fastest. Used by `npm test` and CI.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck" && npm run -s typecheck
echo "== lint" && npm run -s lint
echo "== format" && npm run -s format:check
# The HTTP integration tests and the browser journeys run the production build.
echo "== build" && npm run -s build
echo "== unit and integration tests" && npx vitest run
echo "== browser journeys" && npx playwright test
