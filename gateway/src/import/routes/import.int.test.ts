import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../../../test/support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../../../test/support/gateways/embedded-fixture.js';
import type { ImportJob } from '@tollgate/wire';
import { alice, buildNewApiDatabase } from '../testing/new-api-fixture.js';

/** Two pages of log rows, so the progress is seen between pages. */
const LOG_ROWS = 30_000;

let fixture: EmbeddedFixture;
let source: string;

async function finished(root: ConsoleClient): Promise<ImportJob> {
  return eventually(async () => {
    const job = await root.must<ImportJob>('GET', '/api/import/');
    return job.status === 'running' ? undefined : job;
  }, 60_000, 'the import to finish');
}

beforeAll(async () => {
  fixture = await startEmbeddedFixture();
  source = join(fixture.dataDir, 'one-api.db');
  await buildNewApiDatabase(source, { upstreamUrl: fixture.upstream.url, logRows: LOG_ROWS });
});

afterAll(() => fixture?.close());

describe('/api/import (root): the import as a console page', { timeout: 120_000 }, () => {
  it('answers idle before any import, and refuses visitors', async () => {
    expect(await fixture.root.must('GET', '/api/import/')).toMatchObject({ status: 'idle', tables: [], report: '' });
    const visitor = await new ConsoleClient(fixture.tollgate.url).send('GET', '/api/import/');
    expect(visitor.status).toBe(401);
  });

  it('refuses a missing source, and a source it cannot open, saying why without the password', async () => {
    expect(await fixture.root.call('POST', '/api/import/', { dry_run: true })).toEqual({ success: false, message: '请填写导入源' });
    expect(await fixture.root.call('POST', '/api/import/', { source: source, dry_run: 'yes' })).toMatchObject({ success: false });
    const missing = await fixture.root.call('POST', '/api/import/', { source: join(fixture.dataDir, 'nowhere.db') });
    expect(missing.success).toBe(false);
    expect(missing.message).toMatch(/^无法打开导入源：/);
    // A closed loopback port: the driver's refusal comes back; the password never does.
    const refused = await fixture.root.call('POST', '/api/import/', { source: 'mysql://newapi:S3cret-pass@127.0.0.1:9/newapi' });
    expect(refused.success).toBe(false);
    expect(refused.message).not.toContain('S3cret-pass');
    const shown = await fixture.root.must<ImportJob>('GET', '/api/import/');
    expect(shown).toMatchObject({ status: 'failed', source: 'mysql://newapi:***@127.0.0.1:9/newapi' });
    expect(JSON.stringify(shown)).not.toContain('S3cret-pass');
    // new-api's separate log database (LOG_SQL_DSN) is opened before anything is imported, too.
    const logsRefused = await fixture.root.call('POST', '/api/import/', { source, logs_source: 'postgres://logs:L0g-secret@127.0.0.1:9/logs' });
    expect(logsRefused.success).toBe(false);
    expect(logsRefused.message).not.toContain('L0g-secret');
    expect(await fixture.root.must<ImportJob>('GET', '/api/import/')).toMatchObject({ status: 'failed', logs_source: 'postgres://logs:***@127.0.0.1:9/logs' });
  });

  it('a dry run reports per table and writes nothing', async () => {
    const started = await fixture.root.must<ImportJob>('POST', '/api/import/', { source, dry_run: true });
    expect(started).toMatchObject({ status: 'running', dry_run: true, source });
    const job = await finished(fixture.root);
    expect(job.status).toBe('finished');
    expect(job.report).toContain('Dry run: nothing was written.');
    expect(job.tables.find((table) => table.table === 'logs')).toEqual({ table: 'logs', done: LOG_ROWS, total: LOG_ROWS });
    expect((await new ConsoleClient(fixture.tollgate.url).login(alice.username, alice.password)).success).toBe(false);
  });

  it('imports one at a time; then the users sign in, the options apply, and a second import changes nothing', async () => {
    await fixture.root.must('POST', '/api/import/', { source, dry_run: false });
    expect(await fixture.root.call('POST', '/api/import/', { source, dry_run: false })).toEqual({ success: false, message: '已有导入正在进行，请等待其完成' });
    const job = await finished(fixture.root);
    expect(job.status).toBe('finished');
    expect(job.report).toContain('users: imported 2');
    // Tollgate's own root holds id 1 and the name root: the source's root is reported, not merged.
    expect(job.report).toContain('users: skipped 1 (already in Tollgate): 1');
    expect(job.tables.map((table) => table.table)).toEqual(['users', 'tokens', 'channels', 'options', 'redemptions', 'top_ups', 'subscription_plans', 'user_subscriptions', 'midjourneys', 'tasks', 'logs']);
    expect(job.tables.every((table) => table.done === table.total)).toBe(true);

    const user = new ConsoleClient(fixture.tollgate.url);
    expect((await user.login(alice.username, alice.password)).success).toBe(true);
    await eventually(async () => ((await user.must<{ quota: number }>('GET', '/api/user/self')).quota === alice.quota ? true : undefined), 10_000, "alice's opening balance");
    const options = await fixture.root.must<{ key: string; value: string }[]>('GET', '/api/option/');
    expect(options.find((option) => option.key === 'SystemName')?.value).toBe('Old Gateway');

    await fixture.root.must('POST', '/api/import/', { source, dry_run: false });
    const again = await finished(fixture.root);
    expect(again.report).not.toMatch(/ (users|tokens|channels|options|redemption codes|top-up records|tasks|log rows): imported [1-9]/);
    expect(again.report).toContain(`log rows: skipped ${LOG_ROWS} (already in ClickHouse)`);
    // Each run that wrote is in the audit trail under root, from where root called (the dry run is not).
    const runs = await fixture.root.must<{ items: { actor_name: string; address: string; target_id: string; detail: { imported: Record<string, number> } }[] }>('GET', '/api/audit/?type=ImportRan');
    expect(runs.items).toHaveLength(2);
    expect(runs.items[1]).toMatchObject({ actor_name: 'root', address: '127.0.0.1', target_id: source, detail: { imported: { users: 2 } } });
  });
});
