import { describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { openTempDocuments } from '../adapters/sqlite/test-documents.js';
import { OptionCache } from '../options/option-cache.js';
import { FakeLedger } from '../../test/fakes/fake-ledger.js';
import { bootstrapRoot, DEFAULT_ROOT_PASSWORD, ROOT_INITIAL_QUOTA } from './root-user.js';

async function fresh() {
  const temp = openTempDocuments();
  onTestFinished(() => temp.close());
  const options = new OptionCache(temp.documents.options);
  await options.reload();
  const ledger = new FakeLedger();
  return { users: temp.documents.users, options, ledger, eventLog: ledger.eventLog };
}

describe('bootstrapRoot', () => {
  it('without INITIAL_ROOT_PASSWORD: root gets the default password and setup stays open for the wizard', async () => {
    const { users, options, eventLog } = await fresh();
    await bootstrapRoot(users, options, eventLog, undefined);
    const root = await users.byUsername('root');
    expect(await verifyPassword(DEFAULT_ROOT_PASSWORD, root?.passwordHash ?? '')).toBe(true);
    expect(options.boolean('SetupCompleted')).toBe(false);
  });

  it('with INITIAL_ROOT_PASSWORD (unattended install): root gets it and setup counts as done, also on a later start', async () => {
    const { users, options, eventLog } = await fresh();
    await bootstrapRoot(users, options, eventLog, 's3cret-pass');
    expect(await verifyPassword('s3cret-pass', (await users.byUsername('root'))?.passwordHash ?? '')).toBe(true);
    expect(options.boolean('SetupCompleted')).toBe(true);
    await bootstrapRoot(users, options, eventLog, 'another');
    expect(await users.count()).toBe(1);
    expect(await verifyPassword('s3cret-pass', (await users.byUsername('root'))?.passwordHash ?? '')).toBe(true);
  });

  it('a restart before the wizard keeps it open; an install from before the wizard whose root changed its password counts as set up', async () => {
    const { users, options, eventLog } = await fresh();
    await bootstrapRoot(users, options, eventLog, undefined);
    await bootstrapRoot(users, options, eventLog, undefined);
    expect(options.boolean('SetupCompleted')).toBe(false);
    const root = await users.byUsername('root');
    await users.update(root?.id ?? 0, { passwordHash: await hashPassword('changed-by-hand') });
    await bootstrapRoot(users, options, eventLog, undefined);
    expect(options.boolean('SetupCompleted')).toBe(true);
  });

  it('root starts with 100,000,000 quota, as in new-api: one system grant through the ledger, not repeated on later starts', async () => {
    const { users, options, ledger, eventLog } = await fresh();
    await bootstrapRoot(users, options, eventLog, undefined);
    await bootstrapRoot(users, options, eventLog, 'another');
    const root = await users.byUsername('root');
    expect(ledger.ofType('QuotaGranted').map((e) => e.data)).toEqual([{ userId: root?.id, username: 'root', amount: ROOT_INITIAL_QUOTA, logType: 4, content: '初始化 root 用户额度' }]);
    expect(ROOT_INITIAL_QUOTA).toBe(100_000_000);
  });
});
