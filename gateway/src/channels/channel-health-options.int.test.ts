import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApiHarness } from '../../test/api-app.js';
import { newChannel } from '../../test/fakes/relay-harness.js';
import { type OpenAIMock, startOpenAIMock } from '../../test/mock-upstream/openai/openai-mock.js';
import type { OpenAIMockOptions } from '../../test/mock-upstream/openai/openai-mock-options.js';
import { startMockSmtp } from '../../test/support/mock-smtp.js';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import { startOpenAIAccountMock } from '../../test/mock-upstream/openai/openai-account-mock.js';
import { updateAllBalances } from './balance-update.js';
import { ChannelTester } from './channel-tester.js';

const ROOT_ID = 1;

async function upstream(options: OpenAIMockOptions): Promise<OpenAIMock> {
  const mock = await startOpenAIMock(options);
  onTestFinished(() => mock.close());
  return mock;
}

/** A test-all run (the console's button and the periodic test share it) over the channels given. */
async function testAllWith(options: Record<string, string>, channels: Partial<Channel>[], mock: OpenAIMock) {
  const { deps } = await buildApiHarness(options);
  const made = [];
  for (const fields of channels) made.push(await deps.channels.create(newChannel(mock.url, { models: 'test-model', ...fields })));
  await new ChannelTester(deps).testAll();
  const after = await Promise.all(made.map(async (channel) => (await deps.channels.byId(channel.id)) as Channel));
  return { deps, after };
}

describe('channel health options in a test-all run', () => {
  it('ChannelDisableThreshold: a channel answering slower than the threshold (seconds) is disabled, naming both times; a faster one stays', async () => {
    const slow = await upstream({ latencyMs: 400 });
    const { after: [tooSlow] } = await testAllWith({ AutomaticDisableChannelEnabled: 'true', ChannelDisableThreshold: '0.2' }, [{}], slow);
    expect(tooSlow?.status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse(tooSlow?.otherInfo ?? '{}').status_reason).toMatch(/^响应时间 0\.\d\ds 超过阈值 0\.20s$/);
    const { after: [inTime] } = await testAllWith({ AutomaticDisableChannelEnabled: 'true', ChannelDisableThreshold: '5' }, [{}], slow);
    expect(inTime?.status).toBe(ChannelStatus.Enabled);
  });

  it('ChannelDisableThreshold: only disables while AutomaticDisableChannelEnabled is on, and 0 means no threshold', async () => {
    const slow = await upstream({ latencyMs: 400 });
    const { after: [switchOff] } = await testAllWith({ AutomaticDisableChannelEnabled: 'false', ChannelDisableThreshold: '0.2' }, [{}], slow);
    expect(switchOff?.status).toBe(ChannelStatus.Enabled);
    const { after: [noThreshold] } = await testAllWith({ AutomaticDisableChannelEnabled: 'true', ChannelDisableThreshold: '0' }, [{}], slow);
    expect(noThreshold?.status).toBe(ChannelStatus.Enabled);
  });

  it('AutomaticEnableChannelEnabled: a passing test brings back an automatically disabled channel, never one an admin disabled, and nothing with the switch off', async () => {
    const healthy = await upstream({});
    const channels = [{ status: ChannelStatus.AutoDisabled }, { status: ChannelStatus.Disabled }];
    const on = await testAllWith({ AutomaticEnableChannelEnabled: 'true' }, channels, healthy);
    expect(on.after.map((c) => c.status)).toEqual([ChannelStatus.Enabled, ChannelStatus.Disabled]);
    const off = await testAllWith({ AutomaticEnableChannelEnabled: 'false' }, channels, healthy);
    expect(off.after.map((c) => c.status)).toEqual([ChannelStatus.AutoDisabled, ChannelStatus.Disabled]);
  });

  it('AutomaticEnableChannelEnabled: a test that passes but is slower than ChannelDisableThreshold does not bring the channel back', async () => {
    const slow = await upstream({ latencyMs: 400 });
    const { after: [stillOff] } = await testAllWith({ AutomaticDisableChannelEnabled: 'true', AutomaticEnableChannelEnabled: 'true', ChannelDisableThreshold: '0.2' }, [{ status: ChannelStatus.AutoDisabled }], slow);
    expect(stillOff?.status).toBe(ChannelStatus.AutoDisabled);
  });

  it('AutomaticDisableChannelEnabled, AutomaticEnableChannelEnabled: root is mailed, and gets a system log row, when a channel switches itself off and back on', async () => {
    const smtp = await startMockSmtp();
    const failing = await upstream({ failWith: 401 });
    const switches = { AutomaticDisableChannelEnabled: 'true', AutomaticEnableChannelEnabled: 'true', ...smtp.options };
    const { deps, ledger } = await buildApiHarness(switches);
    await deps.users.update(ROOT_ID, { email: 'root@example.com' });
    const channel = await deps.channels.create(newChannel(failing.url, { name: 'east', models: 'test-model' }));
    await new ChannelTester(deps).testAll();
    const disabled = await smtp.nextMail();
    expect(disabled.to).toEqual(['root@example.com']);
    expect(disabled.subject).toBe(`通道「east」（#${channel.id}）已被禁用`);
    expect(disabled.html).toContain(`通道「east」（#${channel.id}）已被禁用，原因：type server_error, httpCode 401`);
    failing.configure({ failWith: 0 });
    await new ChannelTester(deps).testAll();
    expect((await smtp.nextMail()).subject).toBe(`通道「east」（#${channel.id}）已被启用`);
    const rows = ledger.appended.map((event) => event.data);
    expect(rows).toEqual([
      expect.objectContaining({ userId: ROOT_ID, username: 'root', amount: 0, logType: 4, content: expect.stringMatching(new RegExp(`^通道「east」（#${channel.id}）已被禁用，原因：type server_error, httpCode 401`)) }),
      expect.objectContaining({ userId: ROOT_ID, username: 'root', amount: 0, logType: 4, content: `通道「east」（#${channel.id}）已被启用` }),
    ]);
  });

  it('AutomaticDisableChannelEnabled: the balance update-all run switches off a channel with nothing left (余额不足), keeps one with credit, and only records balances with the switch off', async () => {
    const spent = await startOpenAIAccountMock({ key: 'sk-spent', models: ['test-model'], hardLimitUsd: 10, totalUsageCents: 1000 });
    const funded = await startOpenAIAccountMock({ key: 'sk-funded', models: ['test-model'], hardLimitUsd: 10, totalUsageCents: 250 });
    onTestFinished(() => Promise.all([spent.close(), funded.close()]).then(() => undefined));
    for (const [switchOn, expected] of [[true, ChannelStatus.AutoDisabled], [false, ChannelStatus.Enabled]] as const) {
      const { deps } = await buildApiHarness({ AutomaticDisableChannelEnabled: String(switchOn) });
      const empty = await deps.channels.create(newChannel(spent.url, { key: 'sk-spent', models: 'test-model' }));
      const paid = await deps.channels.create(newChannel(funded.url, { key: 'sk-funded', models: 'test-model' }));
      await updateAllBalances(deps);
      const [emptyAfter, paidAfter] = [await deps.channels.byId(empty.id), await deps.channels.byId(paid.id)];
      expect([emptyAfter?.balance, emptyAfter?.status], `switch ${switchOn}`).toEqual([0, expected]);
      if (switchOn) expect(JSON.parse(emptyAfter?.otherInfo ?? '{}').status_reason).toBe('余额不足');
      expect([paidAfter?.balance, paidAfter?.status]).toEqual([7.5, ChannelStatus.Enabled]);
    }
  });
});
