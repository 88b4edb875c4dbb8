import { describe, expect, it } from 'vitest';
import { type Channel, type ChannelStore, NO_CHANNEL_EXTRAS } from '../../ports/documents/channel-store.js';
import { type ChannelGate, ChannelRouter } from './channel-router.js';

function channel(id: number, fields: Partial<Channel>): Channel {
  return {
    id, type: 1, name: `c${id}`, key: 'k', status: 1, baseUrl: '', other: '', models: 'gpt-4o', group: 'default',
    modelMapping: '', statusCodeMapping: '', openaiOrganization: '', testModel: '', autoBan: 1, priority: 0, weight: 1,
    balance: 0, responseTime: 0, testTime: 0, balanceUpdatedTime: 0, createdTime: 0, otherInfo: '', ...NO_CHANNEL_EXTRAS, ...fields,
  };
}

async function routerOver(channels: Channel[], random: () => number = Math.random, gate?: ChannelGate): Promise<ChannelRouter> {
  const store = { all: async () => channels } as unknown as ChannelStore;
  const router = new ChannelRouter(store, random, gate);
  await router.reload();
  return router;
}

describe('ChannelRouter', () => {
  it('serves each model of a channel to each of its groups, and nothing else', async () => {
    const router = await routerOver([channel(1, { models: 'a, b', group: 'default,vip' })]);
    expect(router.pick('vip', 'b')?.id).toBe(1);
    expect(router.pick('default', 'a')?.id).toBe(1);
    expect(router.pick('svip', 'a')).toBeNull();
    expect(router.pick('default', 'c')).toBeNull();
    expect(router.models('vip')).toEqual(['a', 'b']);
  });

  it('skips a channel its breaker keeps out, for the next priority, as a disabled one', async () => {
    const open = new Set([2]);
    const router = await routerOver([channel(1, { priority: 0 }), channel(2, { priority: 10 })], Math.random, { admits: (id) => !open.has(id) });
    expect(router.pick('default', 'gpt-4o')?.id).toBe(1);
    open.clear();
    expect(router.pick('default', 'gpt-4o')?.id).toBe(2);
    open.add(1).add(2);
    expect(router.pick('default', 'gpt-4o')).toBeNull();
    expect(router.byId(2)?.status).toBe(1);
  });

  it('skips disabled channels', async () => {
    const router = await routerOver([channel(1, { status: 2 }), channel(2, { status: 3 })]);
    expect(router.pick('default', 'gpt-4o')).toBeNull();
  });

  it('picks the highest priority first, and a lower one when the higher are excluded', async () => {
    const router = await routerOver([channel(1, { priority: 0 }), channel(2, { priority: 10 })]);
    expect(router.pick('default', 'gpt-4o')?.id).toBe(2);
    expect(router.pick('default', 'gpt-4o', new Set([2]))?.id).toBe(1);
  });

  it('picks by weight within a priority', async () => {
    const channels = [channel(1, { weight: 1 }), channel(2, { weight: 3 })];
    expect((await routerOver(channels, () => 0.2)).pick('default', 'gpt-4o')?.id).toBe(1);
    expect((await routerOver(channels, () => 0.3)).pick('default', 'gpt-4o')?.id).toBe(2);
  });

  it('treats all-zero weights as equal chances', async () => {
    const channels = [channel(1, { weight: 0 }), channel(2, { weight: 0 })];
    expect((await routerOver(channels, () => 0.1)).pick('default', 'gpt-4o')?.id).toBe(1);
    expect((await routerOver(channels, () => 0.9)).pick('default', 'gpt-4o')?.id).toBe(2);
  });

  it('finds any channel by id, disabled ones too (an admin may pin one and be told it is disabled)', async () => {
    const router = await routerOver([channel(1, {}), channel(2, { status: 2 })]);
    expect(router.byId(2)?.status).toBe(2);
    expect(router.byId(3)).toBeNull();
  });
});
