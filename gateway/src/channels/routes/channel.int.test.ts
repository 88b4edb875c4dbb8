import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import type { Page } from '../../api/support/paging.js';

interface ChannelWire {
  id: number;
  name: string;
  status: number;
  base_url: string;
  used_quota: number;
  key?: string;
}

const channel = { name: 'openai', type: 1, key: 'sk-one\nsk-two', base_url: 'https://api.example.com/', models: 'gpt-4o,gpt-4o-mini', group: 'default', model_mapping: '', priority: 0, weight: 0 };

describe('channel routes', () => {
  it('creates one channel per key in batch mode, never returns keys, and tells the relay', async () => {
    const { app, deps, notices } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const created = await root.call<number[]>('POST', '/api/channel/', { mode: 'batch', channel });
    expect(created.body.data).toHaveLength(2);
    expect(notices.some((n) => n.kind === 'channels')).toBe(true);
    expect((await deps.channels.all()).map((c) => c.key)).toEqual(['sk-one', 'sk-two']);
    const list = await root.call<Page<ChannelWire>>('GET', '/api/channel/?p=0&page_size=10&id_sort=true');
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items[0]).toMatchObject({ name: 'openai', base_url: 'https://api.example.com', used_quota: 0 });
    const one = await root.call<ChannelWire>('GET', `/api/channel/${created.body.data[0]}`);
    expect(JSON.stringify([list.body, one.body])).not.toContain('sk-one');
  });

  it('creates a single channel from a plain object too, and checks name, key and mapping', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel })).body.data).toHaveLength(1);
    expect((await root.call<number[]>('POST', '/api/channel/', { ...channel, key: 'sk-x' })).body.data).toHaveLength(1);
    expect((await root.call('POST', '/api/channel/', { ...channel, key: '' })).body.message).toBe('请填写渠道名称和渠道密钥！');
    expect((await root.call('POST', '/api/channel/', { ...channel, model_mapping: '{bad' })).body.message).toBe('模型映射必须是合法的 JSON 格式！');
  });

  it('updates without touching the key when none is sent, searches, and deletes', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const [id = 0] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...channel, key: 'sk-keep' } })).body.data;
    const updated = await root.call<ChannelWire>('PUT', '/api/channel/', { id, key: '', status: 2, name: 'renamed' });
    expect(updated.body.data).toMatchObject({ id, status: 2, name: 'renamed' });
    expect((await deps.channels.byId(id))?.key).toBe('sk-keep');
    expect((await root.call<Page<ChannelWire>>('GET', '/api/channel/search?keyword=renam&group=default&model=gpt-4o')).body.data.items).toHaveLength(1);
    expect((await root.call<Page<ChannelWire>>('GET', '/api/channel/search?keyword=&group=vip')).body.data.items).toHaveLength(0);
    expect((await root.call<number>('DELETE', '/api/channel/disabled')).body.data).toBe(1);
    expect(await deps.channels.all()).toEqual([]);
  });

  it('batch-deletes by ids and lists known models', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const ids = (await root.call<number[]>('POST', '/api/channel/', { mode: 'batch', channel: { ...channel, models: 'my-model' } })).body.data;
    const models = await root.call<{ id: string }[]>('GET', '/api/channel/models');
    expect(models.body.data.map((m) => m.id)).toContain('my-model');
    expect((await root.call('POST', '/api/channel/batch', { ids: [] })).body.message).toBe('参数错误');
    expect((await root.call<number>('POST', '/api/channel/batch', { ids })).body.data).toBe(2);
  });

  it('gives users the models of the groups they can use', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, models: 'a,b', group: 'default' } });
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, models: 'c', group: 'svip' } });
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, models: 'd', group: 'default', status: 2 } });
    const alice = await signUp(app, 'alice');
    expect((await alice.call('GET', '/api/user/models')).body.data).toEqual(['a', 'b']);
    expect((await alice.call('GET', '/api/user/self/groups')).body.data).toEqual({ default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1, desc: 'vip分组' } });
    expect((await root.call('GET', '/api/group/')).body.data).toEqual(['default', 'vip', 'svip']);
  });

  it('copies a channel with its key under a new name, the balance reset', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const [id = 0] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...channel, key: 'sk-copied' } })).body.data;
    await deps.channels.update(id, { balance: 12 });
    const copied = await root.call<{ id: number }>('POST', `/api/channel/copy/${id}`);
    expect(copied.body.data.id).not.toBe(id);
    expect(JSON.stringify(copied.body)).not.toContain('sk-copied');
    expect(await deps.channels.byId(copied.body.data.id)).toMatchObject({ name: 'openai_复制', key: 'sk-copied', balance: 0, models: 'gpt-4o,gpt-4o-mini' });
    expect((await root.call('POST', '/api/channel/copy/9999')).body.message).toBe('渠道不存在');
  });
});
