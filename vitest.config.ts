import { defineConfig } from 'vitest/config';

/**
 * Test tiers by file name: *.unit.test.ts (no I/O), *.int.test.ts (embedded engines, loopback HTTP),
 * *.e2e.test.ts (the real server, SDKs, Chromium), *.cluster.test.ts (engines that infra/local starts),
 * *.redis-cluster.test.ts (a Redis Cluster that infra/local/redis/with-redis-cluster.sh starts; those
 * that run Tollgate's roles also the engines of with-engines.sh, the one wrapping the other),
 * *.server.test.ts (a ClickHouse server named by CLICKHOUSE_URL; none can be installed here),
 * *.quiet.test.ts (a latency promise on the cluster engines, measured with nothing else running:
 * scripts/test.sh runs them alone, after the other suites, so a loaded CI box does not decide them).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['{wire,ledger,analytics,gateway,bench}/**/*.unit.test.ts'], exclude: ['**/node_modules/**'] } },
      {
        test: {
          name: 'int',
          include: ['{ledger,analytics,gateway,bench}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'e2e', include: ['{gateway,console}/**/*.e2e.test.ts'], exclude: ['**/node_modules/**'], testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      './console/vitest.config.ts',
      {
        test: {
          name: 'cluster',
          include: ['{ledger,analytics,gateway}/**/*.cluster.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'redis-cluster',
          include: ['{ledger,gateway}/**/*.redis-cluster.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'quiet',
          include: ['gateway/**/*.quiet.test.ts'],
          exclude: ['**/node_modules/**'],
          // One file at a time, or a latency promise is measured beside another's hundred streams.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'clickhouse-server',
          include: ['analytics/**/*.server.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
