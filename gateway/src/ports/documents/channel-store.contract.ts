import { describe, expect, it, onTestFinished } from 'vitest';
import { ChannelStatus } from '@tollgate/wire';
import type { ChannelStore, NewChannel } from './channel-store.js';
import type { StoreFactory } from './store-fixture.js';

export function newChannel(overrides: Partial<NewChannel> = {}): NewChannel {
  return {
    type: 1,
    name: 'openai main',
    key: 'sk-upstream',
    status: ChannelStatus.Enabled,
    baseUrl: 'https://api.example.com',
    other: '',
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default,vip',
    modelMapping: '{"gpt-4":"gpt-4o"}',
    statusCodeMapping: '',
    openaiOrganization: '',
    testModel: '',
    autoBan: 1,
    priority: 0,
    weight: 0,
    balance: 12.5,
    responseTime: 0,
    testTime: 0,
    balanceUpdatedTime: 0,
    createdTime: 1_700_000_000,
    otherInfo: '',
    tag: '',
    remark: '',
    setting: '',
    paramOverride: '',
    headerOverride: '',
    channelInfo: '',
    settings: '',
    ...overrides,
  };
}

/** The behaviour every ChannelStore adapter must have. */
export function runChannelStoreContract(name: string, factory: StoreFactory<ChannelStore>): void {
  const open = async (): Promise<ChannelStore> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };

  describe(`ChannelStore contract: ${name}`, () => {
    it('creates channels with increasing ids and reads them back whole', async () => {
      const channels = await open();
      const a = await channels.create(newChannel());
      const b = await channels.create(newChannel({ name: 'second' }));
      expect(b.id).toBeGreaterThan(a.id);
      expect(a).toEqual({ ...newChannel(), id: a.id });
      expect(await channels.byId(b.id)).toEqual(b);
      expect(await channels.byId(9999)).toBeNull();
      expect((await channels.all()).map((c) => c.id)).toEqual([a.id, b.id]);
    });

    it("keeps new-api's extras: tag, note, setting, overrides, multi-key state and other settings", async () => {
      const channels = await open();
      const extras = { tag: 'team-a', remark: 'billing account', setting: '{"force_format":true}', paramOverride: '{"temperature":0.2}', headerOverride: '{"X-Key":"{api_key}"}', channelInfo: '{"is_multi_key":true,"multi_key_size":2}', settings: '{"upstream_model_update_check_enabled":true}' };
      const a = await channels.create(newChannel(extras));
      expect(await channels.byId(a.id)).toMatchObject(extras);
      expect(await channels.update(a.id, { tag: 'team-b', channelInfo: '' })).toMatchObject({ ...extras, tag: 'team-b', channelInfo: '' });
      expect(await channels.restore({ ...newChannel(extras), id: 500 })).toBe(true);
      expect(await channels.byId(500)).toMatchObject(extras);
    });

    it('updates only the given fields and deletes', async () => {
      const channels = await open();
      const a = await channels.create(newChannel());
      expect(await channels.update(a.id, { status: ChannelStatus.Disabled, priority: 5 })).toEqual({ ...a, status: ChannelStatus.Disabled, priority: 5 });
      expect(await channels.update(9999, { name: 'x' })).toBeNull();
      expect(await channels.delete(a.id)).toBe(true);
      expect(await channels.delete(a.id)).toBe(false);
      expect(await channels.all()).toEqual([]);
    });
  });
}
