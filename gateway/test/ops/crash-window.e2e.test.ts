import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ConsoleClient, eventually, userWithKey } from '../support/clients/console-client.js';
import { driveLoad } from '../support/fleets/load-driver.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/**
 * docs/billing.md, "What a crash can take": a `kill -9` loses the charges of the calls answered in the
 * last CRASH_WINDOW_MS before it, and no others. A real embedded Tollgate process serves a paced
 * loop of calls on loopback and is killed mid-load; restarted on the same DATA_DIR, its log must
 * hold a charge for every answered call except those answered within the window.
 */
const CRASH_WINDOW_MS = 50;
const TOTAL = 1_400;
const PER_SECOND = 400;
const CONCURRENCY = 16;
const KILL_AFTER_ANSWERED = 1_000;
const COMPLETION_TOKENS = 1;

/** Call i's prompt has i + 1 words; the mock charges one token a word, so a charge names its call. */
const promptOf = (index: number) => Array.from({ length: index + 1 }, () => 'w').join(' ');
const indexOfCharge = (promptTokens: number) => promptTokens - 1;

interface UsagePayload { data: { promptTokens: number; quota: number } }

function chargesInLog(dataDir: string): UsagePayload['data'][] {
  const db = new Database(join(dataDir, 'ledger.db'), { readonly: true });
  try {
    const rows = db.prepare<[], { payload: string }>("SELECT payload FROM ledger_events WHERE type = 'UsageRecorded'").all();
    return rows.map((row) => (JSON.parse(row.payload) as UsagePayload).data);
  } finally {
    db.close();
  }
}

describe('a kill -9 under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-crash-'));
  // Blank engine variables: the embedded engines, whatever the shell running the tests has set.
  const env = { DATA_DIR: dataDir, KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', CLICKHOUSE_URL: '', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' };
  let upstream: OpenAIMock;
  let tollgate: GatewayProcess;
  let key = '';

  beforeAll(async () => {
    upstream = await startOpenAIMock({ countPromptWords: true, completionTokens: COMPLETION_TOKENS });
    tollgate = await startGatewayProcess(env, 60_000, 'all');
    const root = new ConsoleClient(tollgate.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    ({ key } = await userWithKey(tollgate.url, root, 'paced'));
  }, 120_000);

  afterAll(async () => {
    await tollgate?.stop();
    await upstream?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses only the charges of calls answered in the last ${CRASH_WINDOW_MS} ms`, async () => {
    const answeredAt = new Map<number, number>();
    let killedAt = 0;
    const call = async (index: number) => {
      const response = await fetch(`${tollgate.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'mock-model', max_tokens: 4, messages: [{ role: 'user', content: promptOf(index) }] }),
      });
      await response.text();
      if (response.status === 200) answeredAt.set(index, performance.now());
      return response.status;
    };
    const kill = async () => {
      killedAt = performance.now();
      await tollgate.kill();
    };
    await driveLoad({ total: TOTAL, concurrency: CONCURRENCY, perSecond: PER_SECOND }, call, [{ name: 'kill -9', afterAnswered: KILL_AFTER_ANSWERED, downMs: 0, inject: kill, repair: async () => {} }]);
    expect(answeredAt.size).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERED);

    tollgate = await startGatewayProcess(env, 60_000, 'all');
    const charges = chargesInLog(dataDir);
    const charged = charges.map((charge) => indexOfCharge(charge.promptTokens));
    expect(new Set(charged).size).toBe(charged.length); // nothing billed twice
    const lost = [...answeredAt].filter(([index]) => !charged.includes(index));
    const lostAges = lost.map(([, at]) => Math.round(killedAt - at));
    console.info(`kill -9 at ${PER_SECOND} calls/s: ${answeredAt.size} answered, ${charges.length} charged, ${lost.length} lost, answered ${JSON.stringify(lostAges)} ms before the kill`);
    expect(lostAges.filter((age) => age > CRASH_WINDOW_MS)).toEqual([]);

    // The ledger, replaying the log after the restart, charges exactly what the log holds.
    const user = new ConsoleClient(tollgate.url);
    await user.login('paced', 'password-1');
    const billed = charges.reduce((sum, charge) => sum + charge.quota, 0);
    await eventually(async () => {
      const self = await user.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return self.used_quota === billed && self.request_count === charges.length ? true : undefined;
    }, 15_000, `the ledger billed the ${charges.length} logged calls`);
  }, 120_000);
});
