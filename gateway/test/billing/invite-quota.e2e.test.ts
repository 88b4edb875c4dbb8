import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

interface Self {
  id: number;
  quota: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
}

/** The invite account on the real embedded engines: SQLite documents and ledger, the in-process worker. */
describe('the invite quota in the ledger (embedded)', () => {
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    for (const [key, value] of Object.entries({ QuotaPerUnit: '1000', QuotaForInviter: '3000', QuotaForNewUser: '0' })) {
      await fixture.root.must('PUT', '/api/option/', { key, value });
    }
  });

  afterAll(async () => {
    await fixture?.close();
  });

  async function signUp(username: string, affCode = ''): Promise<ConsoleClient> {
    const user = new ConsoleClient(fixture.tollgate.url);
    await user.must('POST', '/api/user/register', { username, password: `${username}-password`, aff_code: affCode });
    await user.login(username, `${username}-password`);
    return user;
  }

  const self = (user: ConsoleClient) => user.must<Self>('GET', '/api/user/self');

  it('moves the whole invite quota exactly once when fifty transfers ask for it at the same time', async () => {
    const alice = await signUp('alice');
    await signUp('bob', await alice.must<string>('GET', '/api/user/aff'));
    expect(await self(alice)).toMatchObject({ quota: 0, aff_count: 1, aff_quota: 3000, aff_history_quota: 3000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => alice.call('POST', '/api/user/aff_transfer', { quota: 3000 })));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).map((a) => a.message)).toEqual(Array(49).fill('划转失败 邀请额度不足！'));
    await eventually(async () => ((await self(alice)).quota === 3000 ? true : undefined), 5000, 'the transfer applied');
    expect(await self(alice)).toMatchObject({ quota: 3000, aff_count: 1, aff_quota: 0, aff_history_quota: 3000 });
    const systemRows = () => alice.must<{ items: { content: string; quota: number }[] }>('GET', '/api/log/self/?p=1&type=4');
    const rows = await eventually(async () => {
      const { items } = await systemRows();
      return items.length === 2 ? items : undefined;
    }, 10_000, 'both invite rows in the log');
    expect(rows.map((row) => [row.content, row.quota]).sort()).toEqual([
      ['邀请用户赠送 ＄3.000000 额度', 0],
      ['邀请额度划转 ＄3.000000 额度', 3000],
    ]);
  });

  it('carries an invite quota a user document held into the ledger once, however often the server starts', async () => {
    const carol = await signUp('carol');
    const { id } = await self(carol);
    await fixture.tollgate.close();
    const documents = new Database(join(fixture.dataDir, 'documents.db'));
    documents.prepare('UPDATE users SET aff_quota = 2000, aff_history_quota = 5000, aff_count = 4 WHERE id = ?').run(id);
    documents.close();
    for (let start = 0; start < 2; start++) {
      if (start > 0) await fixture.tollgate.close();
      fixture.tollgate = await fixture.restart();
      const again = new ConsoleClient(fixture.tollgate.url);
      await again.login('carol', 'carol-password');
      await eventually(async () => ((await self(again)).aff_quota > 0 ? true : undefined), 5000, 'the migration applied');
      expect(await self(again)).toMatchObject({ aff_quota: 2000, aff_history_quota: 5000, aff_count: 4 });
    }
    const ledger = new Database(join(fixture.dataDir, 'ledger.db'), { readonly: true });
    const appended = ledger.prepare('SELECT count(*) AS n FROM ledger_events WHERE event_id = ?').get(`aff-migrated-${id}`) as { n: number };
    ledger.close();
    expect(appended.n).toBe(1);
  });
});
