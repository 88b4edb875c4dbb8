import { describe, expect, it } from 'vitest';
import { type Channel, type ChannelStore, NO_CHANNEL_EXTRAS } from '../../ports/documents/channel-store.js';
import type { BreakerKey } from '../../ports/hot-state/circuit-breakers.js';
import { BreakerView } from './breaker-view.js';
import { type ChannelGate, ChannelRouter } from './channel-router.js';

const openUntil2000 = (channelId: number, keyIndex?: number) => ({ ...(keyIndex === undefined ? { channelId } : { channelId, keyIndex } satisfies BreakerKey), state: 'open' as const, until: 2_000, coolDownMs: 1_000 });

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
    const view = new BreakerView(() => 1_000);
    const router = await routerOver([channel(1, { priority: 0 }), channel(2, { priority: 10 })], Math.random, view);
    view.apply(openUntil2000(2));
    expect(router.pick('default', 'gpt-4o')?.id).toBe(1);
    view.apply({ channelId: 2, state: 'closed', until: 0, coolDownMs: 0 });
    expect(router.pick('default', 'gpt-4o')?.id).toBe(2);
    view.apply(openUntil2000(1));
    view.apply(openUntil2000(2));
    expect(router.pick('default', 'gpt-4o')).toBeNull();
    expect(router.byId(2)?.status).toBe(1);
  });

  it("keeps a multi-key channel in rotation while one of its keys' breakers is open, never choosing that key; skips it when all are", async () => {
    const info = JSON.stringify({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling' });
    const keyed = channel(2, { priority: 10, key: 'k0\nk1\nk2', channelInfo: info });
    const view = new BreakerView(() => 1_000);
    const router = await routerOver([channel(1, { priority: 0 }), keyed], Math.random, view);
    view.apply(openUntil2000(2, 1));
    expect(router.pick('default', 'gpt-4o')?.id).toBe(2);
    const chosen = Array.from({ length: 6 }, () => router.keyFor(keyed));
    expect(chosen.map((key) => key?.channel.key)).toEqual(['k0', 'k2', 'k0', 'k2', 'k0', 'k2']);
    expect(chosen[1]?.breaker).toEqual({ channelId: 2, keyIndex: 2 });
    expect(router.keyFor(keyed, { gated: false })?.channel.key).toBe('k0');
    expect(router.keyFor(keyed, { passed: new Set([0, 2]) })).toBeNull();
    view.apply(openUntil2000(2, 0));
    view.apply(openUntil2000(2, 2));
    expect(router.pick('default', 'gpt-4o')?.id).toBe(1);
    expect(router.keyFor(keyed)).toBeNull();
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
