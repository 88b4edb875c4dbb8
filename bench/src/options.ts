import type { AllocationsOptions } from './side-by-side/allocations.js';
import type { KafkaClientsOptions } from './components/kafka-clients.js';
import type { LatencyOptions } from './side-by-side/latency.js';
import type { HotStateOptions } from './components/hot-state.js';
import type { MemoryOptions } from './side-by-side/memory.js';
import type { SaturationOptions } from './side-by-side/saturation.js';
import type { SensitiveWordsOptions } from './components/sensitive-words.js';
import type { StreamingOptions } from './side-by-side/streaming.js';
import type { ThroughputOptions } from './side-by-side/throughput.js';
import type { Mode } from './processes/tollgate-process.js';

/** Measurements of a running gateway against the mock, in each mode. */
export const GATEWAY_MEASUREMENTS = ['latency', 'throughput', 'saturation', 'streaming', 'memory', 'allocations'] as const;
/** Measurements of one hot-path component in this process: no gateway, no mode. */
const COMPONENT_MEASUREMENTS = ['sensitive-words', 'pipeline', 'hot-state', 'kafka-clients'] as const;
export const MEASUREMENTS = [...GATEWAY_MEASUREMENTS, ...COMPONENT_MEASUREMENTS] as const;
export type Measurement = (typeof MEASUREMENTS)[number];
export type GatewayMeasurement = (typeof GATEWAY_MEASUREMENTS)[number];

export interface BenchOptions {
  quick: boolean;
  only: Measurement[];
  modes: Mode[];
  /** Pin the gateway to core 1, the mock and the load generator to core 0. */
  pin: boolean;
  /** A folder for the gateway's `--cpu-prof` profile, when profiling. */
  cpuProfDir: string | undefined;
  /** More Node flags for the gateway's process (BENCH_GATEWAY_NODE_FLAGS, space-separated): an A/B of a runtime setting. */
  gatewayNodeFlags: string[];
  latency: LatencyOptions;
  throughput: ThroughputOptions;
  saturation: SaturationOptions;
  allocations: AllocationsOptions;
  streaming: StreamingOptions;
  memory: MemoryOptions;
  sensitiveWords: SensitiveWordsOptions;
  /**
   * The analytics ingestion beside ClickHouse's raw insert: events waiting on Kafka (KAFKA_BROKERS),
   * or none without a broker; and the ledger beside the MongoDB-wire server's raw bulk writes: a
   * backlog of `ledgerCalls` calls (MONGODB_URI too).
   */
  pipeline: { events: number; ledgerCalls: number; brokers: string | undefined; mongoUri: string | undefined };
  /** Redis's own cost of a call's holds, on the Redis at REDIS_URL (none: skipped). */
  hotState: HotStateOptions;
  /** kafkajs against @platformatic/kafka on the same broker (KAFKA_BROKERS too). */
  kafkaClients: KafkaClientsOptions;
}

const FULL_RATES = [100, 250, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000, 15_000];
const QUICK_RATES = [100, 250, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 6_000, 8_000];

function listOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T[]): T[] {
  if (!raw) return fallback;
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !allowed.includes(n as T));
  if (unknown.length) throw new Error(`unknown ${unknown.join(', ')}: use ${allowed.join(', ')}`);
  return names as T[];
}

/** `--name value` or `--name=value` from argv, else the environment variable. */
function flag(argv: string[], name: string, envName: string, env: NodeJS.ProcessEnv): string | undefined {
  const index = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return env[envName];
  const arg = argv[index] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
}

/**
 * Flags and their variables: `--quick` (BENCH_QUICK=1), `--only latency,streaming` (BENCH_ONLY),
 * `--modes embedded,cluster` (BENCH_MODES; cluster by default when the engines' variables are
 * set), `--no-pin` (BENCH_PIN=0), `--cpu-prof DIR` (BENCH_CPU_PROF), BENCH_SOAK_SECONDS,
 * BENCH_SOAK_RATE, BENCH_SATURATION_SECONDS, BENCH_SATURATION_ROUNDS, BENCH_SATURATION_STREAMS, BENCH_PIPELINE_EVENTS,
 * BENCH_LEDGER_CALLS (0 leaves a half of the pipeline out), BENCH_HOT_STATE_CALLS, BENCH_KAFKA_MESSAGES,
 * BENCH_KAFKA_ROUNDS, BENCH_GATEWAY_NODE_FLAGS.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, clusterAvailable: boolean): BenchOptions {
  const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
  const defaultModes: Mode[] = clusterAvailable ? ['embedded', 'cluster'] : ['embedded'];
  return {
    quick,
    only: listOf(flag(argv, 'only', 'BENCH_ONLY', env), MEASUREMENTS, [...MEASUREMENTS]),
    modes: listOf(flag(argv, 'modes', 'BENCH_MODES', env), ['embedded', 'cluster'], defaultModes),
    pin: !argv.includes('--no-pin') && env.BENCH_PIN !== '0',
    cpuProfDir: flag(argv, 'cpu-prof', 'BENCH_CPU_PROF', env),
    gatewayNodeFlags: (env.BENCH_GATEWAY_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    latency: quick ? { rounds: 6, requestsPerRound: 100 } : { rounds: 20, requestsPerRound: 250 },
    throughput: { rates: quick ? QUICK_RATES : FULL_RATES, stepSeconds: quick ? 4 : 10 },
    allocations: { concurrency: 64, warmSeconds: quick ? 3 : 5, sampledSeconds: quick ? 5 : 10, top: 12 },
    saturation: { concurrency: 64, roundSeconds: Number(env.BENCH_SATURATION_SECONDS ?? (quick ? 5 : 15)), rounds: Number(env.BENCH_SATURATION_ROUNDS ?? 4), streamsPerRound: Number(env.BENCH_SATURATION_STREAMS ?? (quick ? 250 : 1_000)) },
    streaming: { sequentialStreams: quick ? 20 : 50, concurrencyLevels: quick ? [64, 256, 512] : [64, 128, 256, 384, 512] },
    memory: { soakSeconds: Number(env.BENCH_SOAK_SECONDS ?? (quick ? 30 : 600)), soakRate: Number(env.BENCH_SOAK_RATE ?? 500) },
    pipeline: {
      events: Number(env.BENCH_PIPELINE_EVENTS ?? (quick ? 40_000 : 200_000)),
      ledgerCalls: Number(env.BENCH_LEDGER_CALLS ?? (quick ? 20_000 : 100_000)),
      brokers: env.KAFKA_BROKERS,
      mongoUri: env.MONGODB_URI,
    },
    hotState: { calls: Number(env.BENCH_HOT_STATE_CALLS ?? (quick ? 20_000 : 100_000)), redisUrl: env.REDIS_URL },
    kafkaClients: {
      messages: Number(env.BENCH_KAFKA_MESSAGES ?? (quick ? 50_000 : 200_000)),
      rounds: Number(env.BENCH_KAFKA_ROUNDS ?? (quick ? 2 : 4)),
      partitions: 4,
    },
    sensitiveWords: { words: 5_000, rounds: quick ? 5 : 15, checksPerRound: quick ? 200 : 500 },
  };
}
