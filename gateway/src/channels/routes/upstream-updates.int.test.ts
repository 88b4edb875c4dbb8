import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';
import { type OpenAIAccount, type OpenAIAccountMock, startOpenAIAccountMock } from '../../../test/mock-upstream/openai/openai-account-mock.js';
import { type ModelListMock, startModelListMock } from '../../../test/mock-upstream/model-lists-mock.js';

const watched = JSON.stringify({ upstream_model_update_check_enabled: true });
let mock: OpenAIAccountMock | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

/** A channel on a mock OpenAI account whose model list the test changes, created through the API as the console does. */
async function withUpstream(models: string[]) {
  const account: OpenAIAccount = { key: 'sk-account', models, hardLimitUsd: 0, totalUsageCents: 0 };
  mock = await startOpenAIAccountMock(account);
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const create = async (fields: Record<string, string>) => {
    const channel = { name: 'up', type: 1, key: 'sk-account', base_url: mock!.url, models: 'gpt-4o', group: 'default', model_mapping: '', settings: watched, ...fields };
    await root.call('POST', '/api/channel/', { mode: 'single', channel });
    return Math.max(...(await harness.deps.channels.all()).map((c) => c.id));
  };
  const settingsOf = async (id: number) => JSON.parse((await harness.deps.channels.byId(id))?.settings ?? '{}') as Record<string, unknown>;
  return { ...harness, root, account, create, settingsOf };
}

describe('upstream model updates (/api/channel/upstream_updates/*)', () => {
  it('detect lists what the upstream added and dropped, apply takes an admin\'s choice, ignored models are not offered again', async () => {
    const { root, create, settingsOf, deps } = await withUpstream(['gpt-4o', 'gpt-4.1', 'o3', 'mapped-target']);
    // `alias` reaches the upstream through the mapping: never offered for removal; `mapped-target` is served through it: never offered to add.
    const id = await create({ models: 'gpt-4o,old-model,alias', model_mapping: JSON.stringify({ alias: 'mapped-target' }) });
    const detected = await root.call<Record<string, unknown>>('POST', '/api/channel/upstream_updates/detect', { id });
    expect(detected.body).toMatchObject({ success: true, data: { channel_id: id, channel_name: 'up', add_models: ['gpt-4.1', 'o3'], remove_models: ['old-model'], auto_added_models: 0 } });
    expect(await settingsOf(id)).toMatchObject({ upstream_model_update_check_enabled: true, upstream_model_update_last_detected_models: ['gpt-4.1', 'o3'], upstream_model_update_last_removed_models: ['old-model'] });
    expect((await deps.channels.byId(id))?.models).toBe('gpt-4o,old-model,alias'); // detection alone changes nothing

    const notices: (number | undefined)[] = [];
    deps.notices.subscribe((kind, changed) => kind === 'channels' && notices.push(changed));
    // `not-pending` was never detected: it is not added.
    const applied = await root.call<Record<string, unknown>>('POST', '/api/channel/upstream_updates/apply', { id, add_models: ['gpt-4.1', 'not-pending'], ignore_models: ['o3'], remove_models: ['old-model'] });
    expect(applied.body.data).toMatchObject({ id, added_models: ['gpt-4.1'], removed_models: ['old-model'], ignored_models: ['o3'], remaining_models: [], remaining_remove_models: [], models: 'gpt-4o,alias,gpt-4.1' });
    expect((await deps.channels.byId(id))?.models).toBe('gpt-4o,alias,gpt-4.1');
    expect(notices).toContain(id); // every gateway's routing table reloads it
    expect(await settingsOf(id)).toMatchObject({ upstream_model_update_ignored_models: ['o3'], upstream_model_update_last_detected_models: [] });

    const again = await root.call<{ add_models: string[]; remove_models: string[] }>('POST', '/api/channel/upstream_updates/detect', { id });
    expect(again.body.data).toMatchObject({ add_models: [], remove_models: [] });
  });

  it('detect_all checks only enabled channels with detection on, names those it cannot read; apply_all applies every pending change', async () => {
    const { root, account, create, deps } = await withUpstream(['gpt-4o']);
    const on = await create({});
    const off = await create({ settings: '' });
    const wrongKey = await create({ key: 'sk-wrong' });
    account.models = ['gpt-4o', 'gpt-5'];
    const all = await root.call<Record<string, unknown>>('POST', '/api/channel/upstream_updates/detect_all', {});
    expect(all.body.data).toMatchObject({ processed_channels: 1, failed_channel_ids: [wrongKey], detected_add_models: 1, detected_remove_models: 0, channel_detected_results: [{ channel_id: on, add_models: ['gpt-5'] }] });
    const applied = await root.call<Record<string, unknown>>('POST', '/api/channel/upstream_updates/apply_all', {});
    expect(applied.body.data).toMatchObject({ processed_channels: 1, added_models: 1, removed_models: 0, results: [{ channel_id: on, added_models: ['gpt-5'] }] });
    expect((await deps.channels.byId(on))?.models).toBe('gpt-4o,gpt-5');
    expect((await deps.channels.byId(off))?.models).toBe('gpt-4o');
  });

  it('refuses a missing id and reports an upstream it cannot read, in the envelope', async () => {
    const { root, create } = await withUpstream(['gpt-4o']);
    expect((await root.call('POST', '/api/channel/upstream_updates/detect', {})).body).toEqual({ success: false, message: '无效的渠道 ID' });
    expect((await root.call('POST', '/api/channel/upstream_updates/apply', { id: 999 })).body).toEqual({ success: false, message: '渠道不存在' });
    const wrongKey = await create({ key: 'sk-wrong' });
    expect((await root.call('POST', '/api/channel/upstream_updates/detect', { id: wrongKey })).body).toEqual({ success: false, message: '获取模型列表失败：status code: 401' });
    expect((await root.call('POST', '/api/channel/upstream_updates/apply', { id: wrongKey, add_models: 'x' })).body.success).toBe(false);
  });

  it('refuses settings that are not a JSON object', async () => {
    const { root } = await withUpstream([]);
    const channel = { name: 'bad', type: 1, key: 'sk', base_url: '', models: 'gpt-4o', group: 'default', model_mapping: '', settings: '[1]' };
    const answer = await root.call('POST', '/api/channel/', { mode: 'single', channel });
    expect(answer.body).toMatchObject({ success: false, message: '渠道其他设置[settings] 格式错误：必须是合法的 JSON 对象' });
  });

  it("detect and fetch_models read a Gemini or Claude channel's own model list; a type with no list is refused", async () => {
    const lists: ModelListMock[] = [];
    try {
      const harness = await buildApiHarness();
      const root = await login(harness.app, 'root', ROOT_PASSWORD);
      const create = async (type: number, models: string[]) => {
        const upstream = await startModelListMock({ key: 'k-up', models, pageCap: 2 });
        lists.push(upstream);
        const channel = { name: `t${type}`, type, key: 'k-up', base_url: upstream.url, models: 'old-one', group: 'default', model_mapping: '', settings: watched };
        await root.call('POST', '/api/channel/', { mode: 'single', channel });
        return Math.max(...(await harness.deps.channels.all()).map((c) => c.id));
      };
      const gemini = await create(24, ['gemini-2.5-pro', 'gemini-2.5-flash', 'old-one']);
      const detected = await root.call('POST', '/api/channel/upstream_updates/detect', { id: gemini });
      expect(detected.body).toMatchObject({ success: true, data: { add_models: ['gemini-2.5-pro', 'gemini-2.5-flash'], remove_models: [] } });
      const claude = await create(14, ['claude-opus-4', 'claude-sonnet-4', 'claude-haiku-4']);
      expect((await root.call('GET', `/api/channel/fetch_models/${claude}`)).body).toEqual({ success: true, message: '', data: ['claude-opus-4', 'claude-sonnet-4', 'claude-haiku-4'] });
      const baidu = await create(15, []);
      expect((await root.call('GET', `/api/channel/fetch_models/${baidu}`)).body).toMatchObject({ success: false, message: '该渠道类型不支持获取上游模型列表' });
    } finally {
      await Promise.all(lists.map((l) => l.close()));
    }
  });
});
