import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type EventLog, type EventLogReader, recomputeBalances, type StoredEvent } from '@tollgate/ledger';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_TOPIC_SETTINGS } from '../../test/support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../../test/support/config.js';
import { openDocuments, openEventLog } from '../composition/engines.js';
import { type GatewayConfig, loadConfig } from '../config.js';
import { importDatabase } from './import-command.js';
import { alice, aliceKey, aliceToken, buildNewApiDatabase, channel } from './testing/new-api-fixture.js';

/** The same import into the cluster's engines: documents in MongoDB, openings on Kafka. */
const engines = requiredClusterEngines();
let dir: string;
let source: string;
let config: GatewayConfig;

async function appendedEvents(): Promise<StoredEvent[]> {
  const eventLog = openEventLog(config, resolve(config.DATA_DIR)) as EventLog & EventLogReader;
  try {
    const events: StoredEvent[] = [];
    for await (const stored of eventLog.readAll()) events.push(stored);
    return events;
  } finally {
    await eventLog.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tollgate-import-cluster-'));
  source = join(dir, 'one-api.db');
  await buildNewApiDatabase(source, { upstreamUrl: 'http://127.0.0.1:9', logRows: 2_000 });
  const mongo = new URL(engines.MONGODB_URI);
  mongo.pathname = `/import_${randomBytes(6).toString('hex')}`;
  const topic = `tg-import-${randomBytes(4).toString('hex')}`;
  config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', MONGODB_URI: mongo.toString(), KAFKA_BROKERS: engines.KAFKA_BROKERS, KAFKA_TOPIC: topic, KAFKA_PARTITIONS: '2', ...LOCAL_TOPIC_SETTINGS });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('imports into MongoDB and Kafka, once: the openings on the log fold to the source balances', { timeout: 120_000 }, async () => {
  const first = await importDatabase(config, { source, dryRun: false });
  expect([first.importedCount('users'), first.importedCount('tokens'), first.importedCount('channels'), first.importedCount('log rows')]).toEqual([3, 2, 1, 2_000]);
  const second = await importDatabase(config, { source, dryRun: false });
  expect([second.importedCount('users'), second.importedCount('tokens'), second.importedCount('channels'), second.importedCount('log rows')]).toEqual([0, 0, 0, 0]);

  const events = await appendedEvents();
  expect(events).toHaveLength(6);
  const balances = recomputeBalances(events);
  expect(balances.users.find((user) => user.userId === alice.id)).toMatchObject({ quota: alice.quota, usedQuota: alice.usedQuota, requestCount: alice.requestCount });
  expect(balances.tokens.find((token) => token.tokenId === aliceToken.id)).toMatchObject({ userId: alice.id, remainQuota: aliceToken.remainQuota, usedQuota: aliceToken.usedQuota });
  expect(balances.channels).toEqual([{ channelId: channel.id, usedQuota: channel.usedQuota }]);

  const documents = await openDocuments(config, resolve(config.DATA_DIR));
  try {
    expect(await documents.tokens.byKey(aliceKey)).toMatchObject({ id: aliceToken.id, userId: alice.id, modelLimits: ['gpt-4o-mini', 'gpt-4o'] });
    expect(await documents.users.count()).toBe(3);
  } finally {
    await documents.close();
  }
});
