import { loadavg } from 'node:os';
import { measureLatency } from './side-by-side/latency.js';
import { measureMemory } from './side-by-side/memory.js';
import { type MockProcess, startBareProxy, startMockProcess } from './processes/mock-process.js';
import { type BenchOptions, GATEWAY_MEASUREMENTS, type GatewayMeasurement } from './options.js';
import { canPin, pinSelf, rssMb } from './processes/processes.js';
import { markdownTable, type Row } from './report.js';
import { kafkaClientsTable, measureKafkaClients } from './components/kafka-clients.js';
import { ledgerRows, measureLedger } from './components/ledger-bench.js';
import { measurePipeline, pipelineRows } from './components/pipeline.js';
import { type HotStateOptions, hotStateRows, measureHotState } from './components/hot-state.js';
import { parseBrokers } from '@tollgate/ledger/kafka';
import { measureSaturation } from './side-by-side/saturation.js';
import { measureAllocations } from './side-by-side/allocations.js';
import { measureSensitiveWords, sensitiveWordsTable } from './components/sensitive-words.js';
import { bareProxySide, directSide, type Side, tollgateSide } from './side-by-side/sides.js';
import { measureStreaming } from './side-by-side/streaming.js';
import { measureTwoCores } from './side-by-side/two-cores.js';
import { measureThroughput } from './side-by-side/throughput.js';
import { clusterEnginesFromEnv, type Mode, startTollgate } from './processes/tollgate-process.js';

/** Cores when pinning: the gateway alone on one, the mock and the load generator on the other. */
const GATEWAY_CORE = 1;
const LOAD_CORE = 0;

type Log = (line: string) => void;

const isGatewayMeasurement = (name: string): name is GatewayMeasurement => (GATEWAY_MEASUREMENTS as readonly string[]).includes(name);

/** Runs the chosen component measurements once, then every chosen gateway measurement in every chosen mode; returns the markdown tables. */
export async function runBench(options: BenchOptions, log: Log): Promise<string> {
  const tables: string[] = [];
  if (options.only.includes('sensitive-words')) {
    log('sensitive-words: a naive loop and the Aho–Corasick library, in this process');
    tables.push(sensitiveWordsTable(options.sensitiveWords, measureSensitiveWords(options.sensitiveWords)));
  }
  if (options.only.includes('pipeline')) tables.push(await pipelineTable(options, log));
  if (options.only.includes('hot-state')) tables.push(await hotStateTable(options.hotState, log));
  if (options.only.includes('kafka-clients')) tables.push(await kafkaClientsSection(options, log));
  if (!options.only.some(isGatewayMeasurement)) return tables.join('\n');
  const pin = canPin(options.pin);
  pinSelf(LOAD_CORE, pin);
  log(`pinning: ${pin ? `gateway on core ${GATEWAY_CORE}, mock and load generator on core ${LOAD_CORE}` : 'off'}`);
  const mock = await startMockProcess(pin ? LOAD_CORE : undefined);
  try {
    for (const mode of options.modes) tables.push(await runMode(mode, mock, options, pin, log));
  } finally {
    await mock.stop();
  }
  return tables.join('\n');
}

async function runMode(mode: Mode, mock: MockProcess, options: BenchOptions, pin: boolean, log: Log): Promise<string> {
  const engines = mode === 'cluster' ? clusterEnginesFromEnv() : {};
  if (!engines) throw new Error('cluster mode needs REDIS_URL, KAFKA_BROKERS and MONGODB_URI (bash infra/local/with-engines.sh npm run bench)');
  const nodeFlags = [...(options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []), ...options.gatewayNodeFlags];
  log(`${mode}: starting Tollgate`);
  const gateway = await startTollgate(mode, engines, mock.url, pin ? GATEWAY_CORE : undefined, nodeFlags);
  const rows: Row[] = [];
  const loadBefore = loadavg()[0] ?? 0;
  try {
    await new Promise((r) => setTimeout(r, 3_000)); // let start-up work (migrations, first GC) finish
    const idleMb = rssMb(gateway.pid);
    const direct = directSide(mock.url);
    const tollgate = tollgateSide(gateway.url, gateway.key, gateway.metricsUrl, gateway.pid);
    for (const measurement of options.only.filter(isGatewayMeasurement)) {
      log(`${mode}: ${measurement}`);
      rows.push(...(await measure(measurement, { mode, direct, tollgate, mockUrl: mock.url, gatewayCore: pin ? GATEWAY_CORE : undefined, pids: { gateway: gateway.pid, mock: mock.pid }, inspectPort: gateway.inspectPort, idleMb, options, log })));
    }
  } finally {
    await gateway.stop();
  }
  // The machine is shared: the 1-minute load average before and after says how quiet it was.
  const load = `load average ${loadBefore.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}`;
  const how = `${options.quick ? 'quick' : 'full'} run, ${pin ? `gateway pinned to core ${GATEWAY_CORE}` : 'unpinned'}, ${load}`;
  return markdownTable(`${mode} (${how})`, rows);
}

/** What a measurement may need: both sides, the processes to watch, and the run's settings. */
interface MeasureContext {
  mode: Mode;
  direct: Side;
  tollgate: Side;
  mockUrl: string;
  /** Where the gateway runs, and so the bare proxy beside it. */
  gatewayCore: number | undefined;
  pids: { gateway: number; mock: number };
  inspectPort: number;
  idleMb: number;
  options: BenchOptions;
  log: Log;
}

function measure(name: GatewayMeasurement, c: MeasureContext): Promise<Row[]> {
  switch (name) {
    case 'latency':
      return withBareProxy(c, (proxy) => measureLatency(c.direct, c.tollgate, c.options.latency, proxy));
    case 'throughput':
      return withBareProxy(c, (proxy) => measureThroughput(c.direct, c.tollgate, c.options.throughput, c.log, proxy));
    case 'saturation':
      return withBareProxy(c, async (proxy) => [
        ...(await measureSaturation(proxy, c.tollgate, c.options.saturation, c.log)),
        // RELAY_WORKERS is the embedded Tollgate's; in a cluster one runs more gateways.
        ...(c.mode === 'embedded' ? await measureTwoCores({ mockUrl: c.mockUrl, oneCore: c.tollgate, options: c.options.saturation, log: c.log }) : []),
      ]);
    case 'streaming':
      return withBareProxy(c, (proxy) => measureStreaming(c.direct, c.tollgate, c.options.streaming, c.log, proxy));
    case 'memory':
      return measureMemory(c.tollgate, c.pids, c.inspectPort, c.idleMb, c.options.memory, c.log);
    case 'allocations':
      return measureAllocations(c.tollgate, c.inspectPort, c.options.allocations, c.log);
  }
}

/** Runs `measure` with the bare pass-through proxy up on the gateway's core, in front of the mock. */
async function withBareProxy(c: MeasureContext, measure: (proxy: Side) => Promise<Row[]>): Promise<Row[]> {
  const proxy = await startBareProxy(c.mockUrl, c.gatewayCore);
  try {
    return await measure(bareProxySide(proxy.url, proxy.pid));
  } finally {
    await proxy.stop();
  }
}

/** Redis's cost of a call's holds, on the Redis at REDIS_URL; without one, it says so instead. */
async function hotStateTable({ calls, redisUrl }: HotStateOptions, log: Log): Promise<string> {
  if (!redisUrl) return '### hot state\n\nskipped: no REDIS_URL (run under bash infra/local/with-engines.sh)\n';
  return markdownTable('hot state on Redis (issue #35)', hotStateRows(await measureHotState({ calls, redisUrl }, log)));
}

/**
 * The pipeline on a real broker: the analytics ingestion, then the ledger when a MongoDB-wire
 * server is there too (a half asked for 0 events or calls is left out); without a broker (no
 * KAFKA_BROKERS) it says so instead.
 */
async function pipelineTable(options: BenchOptions, log: Log): Promise<string> {
  const { brokers, events, ledgerCalls, mongoUri } = options.pipeline;
  if (!brokers) return '### pipeline\n\nskipped: no KAFKA_BROKERS (run under bash infra/local/with-engines.sh)\n';
  const rows = events > 0 ? pipelineRows(await measurePipeline(brokers, events, log)) : [];
  if (ledgerCalls > 0 && mongoUri) rows.push(...ledgerRows(await measureLedger({ brokers, mongoUri }, ledgerCalls, log)));
  else if (ledgerCalls > 0) log('pipeline: no MONGODB_URI, the ledger is not measured');
  return markdownTable('pipeline (analytics ingestion and ledger, issue #36)', rows);
}

/** kafkajs beside @platformatic/kafka on the broker of KAFKA_BROKERS; without one it says so instead. */
async function kafkaClientsSection(options: BenchOptions, log: Log): Promise<string> {
  const { brokers } = options.pipeline;
  if (!brokers) return '### Kafka clients\n\nskipped: no KAFKA_BROKERS (run under bash infra/local/with-engines.sh)\n';
  log('kafka-clients: kafkajs and @platformatic/kafka, alternating rounds');
  return kafkaClientsTable(options.kafkaClients, await measureKafkaClients(parseBrokers(brokers), options.kafkaClients, log));
}
