#!/usr/bin/env bash
# The README's test command: every suite that needs no external server (unit, the embedded
# engines' integration tests, the console's component tests, the browser end-to-end tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash infra/local/install-chromium.sh
npm run typecheck
npm run build
npx vitest run --project unit --project int --project console --project e2e
