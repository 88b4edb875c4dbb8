import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIVideosMock, type VideosMock } from '../mock-upstream/video/openai-videos-mock.js';
import { MP4_BYTES } from '../mock-upstream/video/video-walk.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
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
  let ann: { user: ConsoleClient; key: string };
  const { call, finished } = videoCalls(() => fixture.tollgate.url);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    mock = await startOpenAIVideosMock('sora-a', 'sora-b');
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'sora-2': 0.01 }) });
    const channel = { name: 'sora pool', type: 55, key: 'sora-a\nsora-b', base_url: mock.url, models: 'sora-2', group: 'default' };
    await root.must('POST', '/api/channel/', { mode: 'multi_to_single', multi_key_mode: 'polling', channel });
    ann = await userWithKey(fixture, 'ann', 5_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
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
});
