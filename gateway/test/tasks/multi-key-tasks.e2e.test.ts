import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTaskMock, type TaskMock } from '../mock-upstream/services/task-mock.js';
import { startOpenAIVideosMock, type VideosMock } from '../mock-upstream/video/openai-videos-mock.js';
import { MP4_BYTES } from '../mock-upstream/video/video-walk.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { videoCalls } from '../support/clients/video-calls.js';

/**
 * Tasks on a multi-key channel (two keys, two accounts at the provider): each submit takes one key
 * as a chat call does, and the task is polled and its content fetched with that same key, since the
 * provider knows a video only under the account that made it.
 */
describe('video tasks on a two-key channel', () => {
  let fixture: EmbeddedFixture;
  let mock: VideosMock;
  let proxies: TaskMock;
  let ann: { user: ConsoleClient; key: string };
  const { call, finished } = videoCalls(() => fixture.tollgate.url);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    mock = await startOpenAIVideosMock('sora-a', 'sora-b');
    proxies = await startTaskMock(['mj-a', 'mj-b']);
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'sora-2': 0.01, mj_imagine: 0.01, mj_upscale: 0.01 }) });
    const channel = { name: 'sora pool', type: 55, key: 'sora-a\nsora-b', base_url: mock.url, models: 'sora-2', group: 'default' };
    await root.must('POST', '/api/channel/', { mode: 'multi_to_single', multi_key_mode: 'polling', channel });
    const mjChannel = { name: 'mj pool', type: 2, key: 'mj-a\nmj-b', base_url: proxies.url, models: 'mj_imagine,mj_upscale', group: 'default' };
    await root.must('POST', '/api/channel/', { mode: 'multi_to_single', multi_key_mode: 'polling', channel: mjChannel });
    ann = await userWithKey(fixture, 'ann', 5_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
    await proxies?.close();
  });

  it('submits with one key each (taking turns), and polls and streams each video with the key that made it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const submitted = await call(ann.key, 'POST', '/v1/videos', { model: 'sora-2', prompt: `fox ${i}` });
      expect(submitted.status).toBe(200);
      ids.push(String(submitted.body.id));
    }
    // Polling mode takes the keys in turn; no submit carried both lines of the key.
    expect(mock.submitKeys).toEqual(['sora-a', 'sora-b', 'sora-a', 'sora-b']);
    for (const id of ids) {
      expect(await finished(ann.key, id)).toMatchObject({ id, status: 'completed' });
      const content = await fetch(`${fixture.tollgate.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${ann.key}` } });
      expect(Buffer.from(await content.arrayBuffer())).toEqual(MP4_BYTES);
    }
  });

  it("polls each Midjourney drawing through the proxy that drew it, and sends an action on it to that proxy", async () => {
    const ids: string[] = [];
    for (const prompt of ['a lighthouse', 'a harbour']) ids.push(String((await call(ann.key, 'POST', '/mj/submit/imagine', { prompt })).body.result));
    expect(proxies.submitted.mj).toBe(2);
    for (const id of ids) await eventually(async () => ((await call(ann.key, 'GET', `/mj/task/${id}/fetch`)).body.status === 'SUCCESS' ? true : undefined));
    // Upscaled in the other order than drawn, so taking the keys in turn would miss: each goes to the proxy that knows its drawing.
    for (const id of [...ids].reverse()) expect((await call(ann.key, 'POST', '/mj/submit/simple-change', { content: `${id} U1` })).body).toMatchObject({ code: 1 });
    expect(proxies.submitted.mj).toBe(4);
    expect(proxies.refused).toBe(0);
  });
});
