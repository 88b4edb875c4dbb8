#!/usr/bin/env bash
# The README's test command: every suite — unit, the embedded engines' integration tests, the
# console's component tests, the browser end-to-end tests, and the cluster adapters against the
# real engines that infra/local installs and starts here, then the latency checks on their own.
set -euo pipefail
cd "$(dirname "$0")/.."
bash infra/local/install-chromium.sh
npm run typecheck
npm run lint
npm run lint:deps
npm run build
# The quiet project (latency promises) runs alone once the others are done, on the same engines.
bash infra/local/with-engines.sh bash -c 'npx vitest run --project unit --project int --project console --project e2e --project cluster && npx vitest run --project quiet'
# The Redis adapters against a real Redis Cluster (3 masters), and the cluster tier's suites whose
# gateways and ledger run on it (with Kafka and MongoDB; their REDIS_URL is blanked).
bash infra/local/with-engines.sh bash infra/local/redis/with-redis-cluster.sh npx vitest run --project redis-cluster
