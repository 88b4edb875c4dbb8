import { describe, expect, it } from 'vitest';
import { ChannelStatus } from '@tollgate/wire';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';
import type { Page } from '../../api/support/paging.js';

interface TaggedWire {
  id: number;
  name: string;
  tag: string;
  status: number;
}
const base = { type: 1, key: 'sk-x', base_url: '', models: 'gpt-4o', group: 'default', model_mapping: '', priority: 0, weight: 0 };

async function withChannels() {
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const add = async (name: string, fields: Record<string, unknown> = {}) => (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...base, name, ...fields } })).body.data[0] ?? 0;
  const ids = { a1: await add('a1', { tag: 'team-a', models: 'gpt-4o,gpt-4o-mini' }), a2: await add('a2', { tag: 'team-a', models: 'gpt-4o' }), b1: await add('b1', { tag: 'team-b' }), plain: await add('plain') };
  return { ...harness, root, ids };
}

describe("channel tags (new-api's tag routes)", () => {
  it('lists a page of tags with all their channels in tag mode, and leaves untagged ones out', async () => {
    const { root, ids } = await withChannels();
    const page = await root.call<Page<TaggedWire>>('GET', '/api/channel/?p=1&page_size=1&tag_mode=true&id_sort=true');
    // Newest first: team-b's channel is the newest tagged one, so its tag fills the first page of one tag.
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.items.map((c) => c.id)).toEqual([ids.b1]);
    const second = await root.call<Page<TaggedWire>>('GET', '/api/channel/?p=2&page_size=1&tag_mode=true&id_sort=true');
    expect(second.body.data.items.map((c) => c.id).sort()).toEqual([ids.a1, ids.a2].sort());
    const plain = await root.call<Page<TaggedWire>>('GET', '/api/channel/?p=1&page_size=10');
    expect(plain.body.data.items.find((c) => c.id === ids.a1)?.tag).toBe('team-a');
    expect(plain.body.data.total).toBe(4);
    const search = await root.call<Page<TaggedWire>>('GET', '/api/channel/search?keyword=a1&tag_mode=true');
    expect(search.body.data.items.map((c) => c.id).sort()).toEqual([ids.a1, ids.a2].sort());
  });

  it('switches every channel of a tag off and on, and only those', async () => {
    const { root, deps, ids } = await withChannels();
    expect((await root.call('POST', '/api/channel/tag/disabled', { tag: 'team-a' })).body).toEqual({ success: true, message: '' });
    const status = async () => Object.fromEntries((await deps.channels.all()).map((c) => [c.id, c.status]));
    expect(await status()).toEqual({ [ids.a1]: ChannelStatus.Disabled, [ids.a2]: ChannelStatus.Disabled, [ids.b1]: ChannelStatus.Enabled, [ids.plain]: ChannelStatus.Enabled });
    await root.call('POST', '/api/channel/tag/enabled', { tag: 'team-a' });
    expect(Object.values(await status())).toEqual([1, 1, 1, 1]);
    expect((await root.call('POST', '/api/channel/tag/enabled', { tag: '' })).body).toEqual({ success: false, message: '参数错误' });
  });

  it("edits a tag's channels as new-api does: renamed, models and groups when not empty, priority, weight, mapping", async () => {
    const { root, deps, ids, notices } = await withChannels();
    const answer = await root.call('PUT', '/api/channel/tag', { tag: 'team-a', new_tag: 'team-z', models: 'o3', groups: 'vip', priority: 7, weight: 3, model_mapping: '{"o3":"o3-2025"}' });
    expect(answer.body).toEqual({ success: true, message: '' });
    expect(notices.some((n) => n.kind === 'channels')).toBe(true);
    for (const id of [ids.a1, ids.a2]) expect(await deps.channels.byId(id)).toMatchObject({ tag: 'team-z', models: 'o3', group: 'vip', priority: 7, weight: 3, modelMapping: '{"o3":"o3-2025"}' });
    expect(await deps.channels.byId(ids.b1)).toMatchObject({ tag: 'team-b', models: 'gpt-4o', priority: 0 });
    // Empty models and groups leave them as they are; a missing tag is refused.
    await root.call('PUT', '/api/channel/tag', { tag: 'team-z', models: '', groups: '' });
    expect(await deps.channels.byId(ids.a1)).toMatchObject({ models: 'o3', group: 'vip' });
    expect((await root.call('PUT', '/api/channel/tag', { tag: '' })).body).toEqual({ success: false, message: 'tag不能为空' });
  });

  it('sets and clears the tag of many channels, and answers the longest model list of a tag', async () => {
    const { root, deps, ids } = await withChannels();
    expect((await root.call<number>('POST', '/api/channel/batch/tag', { ids: [ids.plain, ids.b1], tag: 'team-a' })).body.data).toBe(2);
    expect((await deps.channels.byId(ids.plain))?.tag).toBe('team-a');
    expect((await root.call('GET', '/api/channel/tag/models?tag=team-a')).body.data).toBe('gpt-4o,gpt-4o-mini');
    await root.call('POST', '/api/channel/batch/tag', { ids: [ids.plain], tag: null });
    expect((await deps.channels.byId(ids.plain))?.tag).toBe('');
    expect((await root.call('POST', '/api/channel/batch/tag', { ids: [], tag: 'x' })).body).toEqual({ success: false, message: '参数错误' });
    const missing = await root.call('GET', '/api/channel/tag/models');
    expect([missing.status, missing.body]).toEqual([400, { success: false, message: 'tag不能为空' }]);
  });
});

describe('overrides, setting and remark on channel writes', () => {
  it('stores them, and refuses JSON that is not an object with 400 in the envelope', async () => {
    const { root, deps } = await withChannels();
    const fields = { remark: 'team A', setting: '{"force_format":true}', param_override: '{"temperature":0.1}', header_override: '{"X-Org":"{api_key}"}' };
    const [id = 0] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...base, name: 'o', ...fields } })).body.data;
    expect(await deps.channels.byId(id)).toMatchObject({ remark: 'team A', setting: '{"force_format":true}', paramOverride: '{"temperature":0.1}', headerOverride: '{"X-Org":"{api_key}"}' });
    const read = await root.call('GET', `/api/channel/${id}`);
    expect(read.body.data).toMatchObject(fields);
    const bad = [
      [{ param_override: '{"temperature":' }, '参数覆盖必须是合法的 JSON 格式'],
      [{ header_override: '["x"]' }, '请求头覆盖必须是合法的 JSON 格式'],
      [{ setting: '42' }, '渠道额外设置[channel setting] 格式错误：必须是合法的 JSON 对象'],
    ] as const;
    for (const [patch, message] of bad) {
      const answer = await root.call('PUT', '/api/channel/', { id, ...patch });
      expect([answer.status, answer.body]).toEqual([400, { success: false, message }]);
    }
    const tagEdit = await root.call('PUT', '/api/channel/tag', { tag: 'team-a', param_override: 'nope' });
    expect(tagEdit.body).toEqual({ success: false, message: '参数覆盖必须是合法的 JSON 格式' });
    expect((await deps.channels.byId(id))?.paramOverride).toBe('{"temperature":0.1}');
  });

  it('checks param_override operations when saved: well-formed ones are stored, broken ones refused with what is wrong', async () => {
    const { root, deps } = await withChannels();
    const good = JSON.stringify({ operations: [{ mode: 'regex_replace', path: 'model', from: '^openai/', to: '' }, { mode: 'move', from: 'a', to: 'b' }] });
    const [id = 0] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...base, name: 'ops', param_override: good } })).body.data;
    expect((await deps.channels.byId(id))?.paramOverride).toBe(good);
    const bad = [
      [{ operations: {} }, 'param_override.operations must be an array'],
      [{ operations: [{ mode: 'explode', path: 'x' }] }, 'param_override.operations[0] has an unknown mode "explode"'],
      [{ operations: [{ mode: 'set', path: 'a', value: 1 }, { mode: 'copy', from: 'a' }] }, 'param_override.operations[1] (copy) requires a non-empty from and to'],
      [{ operations: [{ mode: 'set', value: 1 }] }, 'param_override.operations[0] (set) requires a non-empty path'],
      [{ operations: [{ mode: 'regex_replace', path: 'model', from: '(' }] }, 'param_override.operations[0] has an invalid regex pattern (or one over 512 characters)'],
      [{ operations: [{ mode: 'regex_replace', path: 'model', from: 'a'.repeat(513) }] }, 'param_override.operations[0] has an invalid regex pattern (or one over 512 characters)'],
      [{ operations: [{ mode: 'ensure_prefix', path: 'model', value: '' }] }, 'param_override.operations[0] (ensure_prefix) requires a non-empty value'],
    ] as const;
    for (const [override, message] of bad) {
      const answer = await root.call('PUT', '/api/channel/', { id, param_override: JSON.stringify(override) });
      expect([answer.status, answer.body]).toEqual([400, { success: false, message }]);
    }
    const tagEdit = await root.call('PUT', '/api/channel/tag', { tag: 'team-a', param_override: JSON.stringify({ operations: [{ path: 'x' }] }) });
    expect(tagEdit.body).toMatchObject({ success: false, message: expect.stringMatching(/^param_override\.operations\[0\] must be an object with a string mode/) });
    expect((await deps.channels.byId(id))?.paramOverride).toBe(good);
  });
});
