import { ChannelType } from '@tollgate/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { newChannel } from '../../../test/fakes/relay-harness.js';
import { type ModelListMock, startModelListMock } from '../../../test/mock-upstream/model-lists-mock.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { fetchUpstreamModels, modelListerOf } from './model-lists.js';

let mock: ModelListMock | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

const models = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

/** A channel of `type` on a mock upstream holding `list`, answering at most `pageCap` a page. */
async function channelOn(type: number, list: string[], fields: Partial<Channel> = {}, pageCap = 1000) {
  mock = await startModelListMock({ key: 'k-upstream', models: list, pageCap });
  return { id: 1, ...newChannel(mock.url, { type, key: 'k-upstream', ...fields }) } as Channel;
}

describe("each provider's own upstream model list", () => {
  it("Gemini: GET /v1beta/models with the key, every page read through nextPageToken, the 'models/' dropped", async () => {
    const list = models('gemini', 7);
    const channel = await channelOn(ChannelType.Gemini, list, {}, 3);
    expect(await fetchUpstreamModels(channel)).toEqual(list);
    expect(mock!.requests).toHaveLength(3); // 3 + 3 + 1
    expect(mock!.requests.every((r) => r.path.startsWith('/v1beta/models?') && r.headers['x-goog-api-key'] === 'k-upstream')).toBe(true);
    expect(mock!.requests.map((r) => new URL(r.path, 'http://x').searchParams.has('pageToken'))).toEqual([false, true, true]);
  });

  it("Claude: GET /v1/models with x-api-key and anthropic-version, paged by after_id while has_more", async () => {
    const list = models('claude', 5);
    const channel = await channelOn(ChannelType.Anthropic, list, {}, 2);
    expect(await fetchUpstreamModels(channel)).toEqual(list);
    expect(mock!.requests.map((r) => new URL(r.path, 'http://x').searchParams.get('after_id'))).toEqual([null, 'claude-2', 'claude-4']);
    expect(mock!.requests[0]?.headers).toMatchObject({ 'x-api-key': 'k-upstream', 'anthropic-version': '2023-06-01' });
    expect(mock!.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('Ollama: GET /api/tags, its models by name, the key as a bearer', async () => {
    const channel = await channelOn(ChannelType.Ollama, ['llama3.1:8b', 'qwen2.5:32b']);
    expect(await fetchUpstreamModels(channel)).toEqual(['llama3.1:8b', 'qwen2.5:32b']);
    expect(mock!.requests.map((r) => [r.path, r.headers.authorization])).toEqual([['/api/tags', 'Bearer k-upstream']]);
  });

  it("Alibaba: its compatible mode's /compatible-mode/v1/models; Zhipu v4: /api/paas/v4/models; an OpenAI-compatible type: /v1/models", async () => {
    expect(await fetchUpstreamModels(await channelOn(ChannelType.Ali, ['qwen-max', 'qwen-plus']))).toEqual(['qwen-max', 'qwen-plus']);
    expect(mock!.requests.map((r) => r.path)).toEqual(['/compatible-mode/v1/models']);
    await mock!.close();
    expect(await fetchUpstreamModels(await channelOn(ChannelType.ZhipuV4, ['glm-4']))).toEqual(['glm-4']);
    expect(mock!.requests.map((r) => r.path)).toEqual(['/api/paas/v4/models']);
    expect(mock!.requests[0]?.headers.authorization).not.toContain('k-upstream'); // a JWT signed with the key, never the key
    await mock!.close();
    expect(await fetchUpstreamModels(await channelOn(ChannelType.DeepSeek, [' deepseek-chat ', 'deepseek-chat', '']))).toEqual(['deepseek-chat']);
    expect(mock!.requests.map((r) => [r.path, r.headers.authorization])).toEqual([['/v1/models', 'Bearer k-upstream']]);
  });

  it("a multi-key channel asks with its first enabled key; a refused key or a type with no list is the caller's error", async () => {
    const channelInfo = JSON.stringify({ is_multi_key: true, multi_key_size: 2, multi_key_status_list: { 0: 2 }, multi_key_polling_index: 0, multi_key_mode: 'random' });
    const multi = await channelOn(ChannelType.Anthropic, ['claude-a'], { key: 'k-disabled\nk-upstream', channelInfo });
    expect(await fetchUpstreamModels(multi)).toEqual(['claude-a']);
    await mock!.close();
    const wrong = await channelOn(ChannelType.Gemini, ['gemini-a'], { key: 'k-wrong' });
    await expect(fetchUpstreamModels(wrong)).rejects.toThrow('status code: 400');
    expect(modelListerOf({ type: ChannelType.Baidu })).toBeNull();
    await expect(fetchUpstreamModels({ ...wrong, type: ChannelType.Baidu })).rejects.toThrow('该渠道类型不支持获取上游模型列表');
  });
});
