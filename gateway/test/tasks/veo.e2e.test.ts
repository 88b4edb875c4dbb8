import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVeoGeminiMock, type VeoGeminiMock } from '../mock-upstream/video/veo-gemini-mock.js';
import { MP4_BYTES } from '../mock-upstream/video/video-walk.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { videoCalls } from '../support/clients/video-calls.js';

/** new-api prices Veo per second: ModelPrice ($) x QuotaPerUnit x seconds (8 unless asked) x 4K's ratio (1.5 for Veo 3.1). */
const QUOTA_PER_UNIT = 500_000;
const PRICE = 0.05;
const MODEL = 'veo-3.1-generate-preview';
const veoQuota = (seconds: number, ratio = 1) => Math.round(PRICE * QUOTA_PER_UNIT * seconds * ratio);
const FRAME = `data:image/png;base64,${Buffer.from('a first frame').toString('base64')}`;

/** Veo through the Gemini API (a type 24 channel) on the real embedded server, against a mock of its long-running operations. */
describe('Veo video tasks on a Gemini channel', () => {
  let fixture: EmbeddedFixture;
  let mock: VeoGeminiMock;
  let ann: { user: ConsoleClient; key: string };
  const { call, quotaOf, quotaBecomes, finished } = videoCalls(() => fixture.tollgate.url);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    mock = await startVeoGeminiMock('gemini-key');
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ServerAddress', value: fixture.tollgate.url });
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ [MODEL]: PRICE }) });
    await root.must('POST', '/api/channel/', { name: 'gemini', type: 24, key: 'gemini-key', base_url: mock.url, models: MODEL, group: 'default' });
    ann = await userWithKey(fixture, 'ann', 5_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
  });

  it('starts predictLongRunning at price x seconds, polls the operation to its video, and streams it through the key-guarded download', async () => {
    const submitted = await call(ann.key, 'POST', '/v1/videos', { model: MODEL, prompt: 'a red fox', image: FRAME, seconds: '6', size: '720x1280', metadata: { negativePrompt: 'rain' } });
    expect(submitted).toMatchObject({ status: 200, body: { object: 'video', model: MODEL, status: 'queued' } });
    expect(mock.submits.at(-1)).toEqual({
      model: MODEL,
      body: { instances: [{ prompt: 'a red fox', image: { bytesBase64Encoded: FRAME.split(',')[1], mimeType: 'image/png' } }], parameters: { aspectRatio: '9:16', negativePrompt: 'rain', durationSeconds: 6, resolution: '720p', sampleCount: 1 } },
    });
    const id = String(submitted.body.id);
    await quotaBecomes(ann.user, 5_000_000 - veoQuota(6));
    const content = `${fixture.tollgate.url}/v1/videos/${id}/content`;
    expect(await finished(ann.key, id)).toMatchObject({ id, status: 'completed', progress: 100, metadata: { url: content } });
    const video = await fetch(content, { headers: { authorization: `Bearer ${ann.key}` } });
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await video.arrayBuffer())).toEqual(MP4_BYTES);
  });

  it("bills 4K at Veo 3.1's ratio, and the 8 seconds Veo renders when no length is asked", async () => {
    const dee = await userWithKey(fixture, 'dee', 5_000_000);
    expect((await call(dee.key, 'POST', '/v1/video/generations', { model: MODEL, prompt: 'a 4k fox stall', size: '3840x2160' })).status).toBe(200);
    expect(mock.submits.at(-1)?.body.parameters).toMatchObject({ durationSeconds: 8, resolution: '4k', aspectRatio: '16:9' });
    await quotaBecomes(dee.user, 5_000_000 - veoQuota(8, 1.5));
  });

  it('refunds a failed operation once, leaves a refused submit and a web-URL frame uncharged', async () => {
    const bob = await userWithKey(fixture, 'bob', 5_000_000);
    expect((await call(bob.key, 'POST', '/v1/videos', { model: MODEL, prompt: 'refuse me' })).status).toBe(400);
    expect(await call(bob.key, 'POST', '/v1/videos', { model: MODEL, prompt: 'a fox', image: 'https://example.com/frame.png' })).toMatchObject({ status: 400, body: { error: { code: 'convert_request_failed' } } });
    const id = String((await call(bob.key, 'POST', '/v1/videos', { model: MODEL, prompt: 'this will fail' })).body.id);
    expect(await finished(bob.key, id)).toMatchObject({ status: 'failed', error: { message: expect.stringContaining('usage guidelines') } });
    await quotaBecomes(bob.user, 5_000_000);
    await new Promise((resolve) => setTimeout(resolve, 400)); // later polls must not refund again
    const refunds = await eventually(async () => {
      const rows = (await bob.user.must<{ items: { type: number; quota: number }[] }>('GET', '/api/log/self/')).items.filter((row) => row.type === 4);
      return rows.length ? rows : undefined;
    });
    expect(refunds.map((row) => row.quota)).toEqual([veoQuota(8)]);
    expect(await quotaOf(bob.user)).toBe(5_000_000);
  });

  it("serves a task whose id, the operation's name in base64url, runs past a hundred characters", async () => {
    const longModel = `${MODEL}-${'deployment'.repeat(6)}`;
    await fixture.root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ [MODEL]: PRICE, [longModel]: PRICE }) });
    await fixture.root.must('POST', '/api/channel/', { name: 'gemini-long', type: 24, key: 'gemini-key', base_url: mock.url, models: longModel, group: 'default' });
    const eve = await userWithKey(fixture, 'eve', 5_000_000);
    const id = String((await call(eve.key, 'POST', '/v1/videos', { model: longModel, prompt: 'a long-named fox' })).body.id);
    expect(id.length).toBeGreaterThan(100);
    expect(await finished(eve.key, id)).toMatchObject({ id, status: 'completed' });
    expect((await fetch(`${fixture.tollgate.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${eve.key}` } })).status).toBe(200);
  });

  it('never overdraws: a burst on a balance for two 8-second videos accepts two', async () => {
    const balance = 2 * veoQuota(8) + veoQuota(4);
    const cy = await userWithKey(fixture, 'cy', balance);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(cy.key, 'POST', '/v1/videos', { model: MODEL, prompt: `burst ${i} stall` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 403 || a.status === 429)).toBe(true);
    await quotaBecomes(cy.user, balance - 2 * veoQuota(8));
  });
});
