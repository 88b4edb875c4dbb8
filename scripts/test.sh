#!/usr/bin/env bash
# The README's test command: every suite — unit, the embedded engines' integration tests, the
# console's component tests, the browser end-to-end tests, and the cluster adapters against the
# real engines that infra/local installs and starts here.
set -euo pipefail
cd "$(dirname "$0")/.."
bash infra/local/install-chromium.sh
npm run typecheck
npm run lint:deps
npm run build
bash infra/local/with-engines.sh npx vitest run --project unit --project int --project console --project e2e --project cluster
