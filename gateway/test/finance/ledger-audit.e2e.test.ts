import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { chatStatus } from '../support/clients/chat-status.js';
import { ConsoleClient, eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { startMockSmtp } from '../support/mock-smtp.js';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../..');

interface Run {
  clean: boolean;
  drift_count: number;
  address: string;
  actor_name: string;
  drifts: { account: string; id: number; field: string }[];
}

/** `npm run audit` as an operator runs it, on the fixture's data directory; resolves its exit code and output. */
async function auditCommand(dataDir: string): Promise<{ code: number; stdout: string }> {
  // CI runs the suites inside infra/local/with-engines.sh, which exports the cluster engines'
  // addresses: without them removed, the command would audit those engines instead of the fixture's files.
  // spawn leaves out a variable whose value is undefined.
  const cluster = { REDIS_URL: undefined, KAFKA_BROKERS: undefined, MONGODB_URI: undefined, CLICKHOUSE_URL: undefined };
  const env = { ...process.env, ...cluster, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'gateway/src/ledger-proof/cli.ts'], { cwd: repoRoot, env, timeout: 60_000 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe.each(['thread', 'loop'])('the ledger audit on a real embedded Tollgate (ingestion on the %s)', (ingestion) => {
  let fixture: EmbeddedFixture | undefined;
  afterEach(async () => fixture?.close());

  it('records the address behind a trusted proxy, proves a clean ledger, then finds a tampered balance by command and API (no run at restart) and mails root', async () => {
    const smtp = await startMockSmtp();
    fixture = await startEmbeddedFixture({}, { TRUSTED_PROXIES: '127.0.0.1', EMBEDDED_INGESTION_THREAD: String(ingestion === 'thread') });
    const { root } = fixture;
    const headers = { 'content-type': 'application/json', cookie: root.sessionCookie(), 'new-api-user': String(root.userId), 'x-forwarded-for': '203.0.113.7' };
    const saved = await fetch(`${fixture.tollgate.url}/api/option/`, { method: 'PUT', headers, body: JSON.stringify({ key: 'SystemName', value: 'Behind a proxy' }) });
    expect(((await saved.json()) as { success: boolean }).success).toBe(true);
    const [optionEvent] = (await root.must<{ items: { address: string; type: string }[] }>('GET', '/api/audit/?type=OptionUpdated')).items;
    expect(optionEvent).toMatchObject({ type: 'OptionUpdated', address: '203.0.113.7' });
    for (const [key, value] of Object.entries(smtp.options)) await root.must('PUT', '/api/option/', { key, value });

    await addMockChannel(fixture);
    const { user, key } = await userWithKey(fixture, 'alice', 100_000);
    expect(await chatStatus(fixture.tollgate.url, key, 16)).toBe(200);
    const alice = await user.must<{ id: number }>('GET', '/api/user/self');
    await eventually(async () => ((await user.must<{ used_quota: number }>('GET', '/api/user/self')).used_quota > 0 ? true : undefined), 10_000, 'the call charged');
    // The proof reads the history analytics ingests (movements first, then the log rows, one batch):
    // once the call's log row is there, so is every event before it, and the proof settles at once.
    await eventually(async () => ((await user.must<{ total: number }>('GET', '/api/log/self/?type=2')).total > 0 ? true : undefined), 30_000, "the call's log row (the history ingested)");
    const clean = await root.must<Run>('POST', '/api/ledger_audit/');
    expect(clean).toMatchObject({ clean: true, drift_count: 0, actor_name: 'root' });

    // The ledger applies events a moment after the gateway answers: tamper only once its stored row holds the charge.
    const ledgerRead = new Database(join(fixture.dataDir, 'ledger.db'), { readonly: true });
    const stored = ledgerRead.prepare('SELECT used_quota FROM ledger_user_balances WHERE user_id = ?');
    await eventually(async () => (((stored.get(alice.id) as { used_quota: number } | undefined)?.used_quota ?? 0) > 0 ? true : undefined), 15_000, "the ledger's stored charge");
    ledgerRead.close();
    await fixture.tollgate.close();
    const documents = new Database(join(fixture.dataDir, 'documents.db'));
    documents.prepare("UPDATE users SET email = 'root@tollgate.test' WHERE id = 1").run();
    documents.close();
    const ledger = new Database(join(fixture.dataDir, 'ledger.db'));
    expect(ledger.prepare('UPDATE ledger_user_balances SET quota = quota + 500 WHERE user_id = ?').run(alice.id).changes).toBe(1);
    ledger.close();

    const command = await auditCommand(fixture.dataDir);
    expect(command.code).toBe(1);
    expect(command.stdout).toMatch(new RegExp(`user ${alice.id} quota: stored \\d+, log \\d+, drift \\+500`));
    expect(command.stdout).toContain('Result: DRIFT FOUND.');
    expect((await smtp.nextMail()).to).toEqual(['root@tollgate.test']);

    // Started again, it runs no audit at start (the schedule waits for its period to begin); root's run finds the drift.
    fixture.tollgate = await fixture.restart();
    const again = new ConsoleClient(fixture.tollgate.url);
    await again.login('root', '123456');
    const onDemand = await again.must<Run>('POST', '/api/ledger_audit/');
    expect(onDemand).toMatchObject({ clean: false, drift_count: 1, drifts: [{ account: 'user', id: alice.id, field: 'quota' }] });
    expect((await smtp.nextMail()).subject).toContain('1 项余额');
    const runs = await again.must<{ items: Run[] }>('GET', '/api/ledger_audit/?page_size=10');
    expect(runs.items.map((r) => r.address)).toEqual(['127.0.0.1', 'local', '127.0.0.1']);
  });
});
