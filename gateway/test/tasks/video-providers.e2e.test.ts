import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArkVideoMock } from '../mock-upstream/video/ark-video-mock.js';
import { startJimengMock } from '../mock-upstream/video/jimeng-mock.js';
import { startKlingMock } from '../mock-upstream/video/kling-mock.js';
import { startMiniMaxVideoMock } from '../mock-upstream/video/minimax-video-mock.js';
import { startViduMock } from '../mock-upstream/video/vidu-mock.js';
import { MP4_BYTES } from '../mock-upstream/video/video-walk.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { videoCalls } from '../support/clients/video-calls.js';

/** new-api bills these providers per task: ModelPrice ($) x QuotaPerUnit (500000), no other ratio. */
const PRICES = { 'kling-v2-master': 0.2, 'doubao-seedance-1-0-pro': 0.3, viduq1: 0.25, 'MiniMax-Hailuo-02': 0.15, jimeng_v30: 0.18 } as const;
const quotaOf$ = (price: number) => Math.round(price * 500_000);
const FRAME = 'https://example.com/frame.png';

interface ProviderCase {
  name: string;
  type: number;
  model: keyof typeof PRICES;
  key: string;
  start(): Promise<{ url: string; close(): Promise<void>; sent(): { path?: string; body: Record<string, unknown> } | undefined }>;
  /** What the provider must have received for an image-to-video submit of `prompt`, 5 seconds. */
  expectedSubmit(prompt: string): { path?: string; body: Record<string, unknown> };
}

const CASES: ProviderCase[] = [
  {
    name: 'Kling (JWT from access|secret key)', type: 50, model: 'kling-v2-master', key: 'ak-123|sk-456',
    async start() {
      const mock = await startKlingMock('ak-123', 'sk-456');
      return { ...mock, sent: () => mock.submits.at(-1) };
    },
    expectedSubmit: (prompt) => ({ path: '/v1/videos/image2video', body: { model_name: 'kling-v2-master', prompt, image: FRAME, mode: 'std', duration: '5', aspect_ratio: '16:9', cfg_scale: 0.5 } }),
  },
  {
    name: 'Doubao Seedance (Volcengine Ark)', type: 54, model: 'doubao-seedance-1-0-pro', key: 'ark-key',
    async start() {
      const mock = await startArkVideoMock('ark-key');
      const last = () => mock.bodies.at(-1);
      return { ...mock, sent: () => { const body = last(); return body && { body }; } };
    },
    expectedSubmit: (prompt) => ({ body: { model: 'doubao-seedance-1-0-pro', content: [{ type: 'text', text: prompt }, { type: 'image_url', image_url: { url: FRAME } }], duration: 5 } }),
  },
  {
    name: 'Vidu (Token key)', type: 52, model: 'viduq1', key: 'vidu-key',
    async start() {
      const mock = await startViduMock('vidu-key');
      return { ...mock, sent: () => mock.submits.at(-1) };
    },
    expectedSubmit: (prompt) => ({ path: '/ent/v2/img2video', body: { model: 'viduq1', images: [FRAME], prompt, duration: 5, resolution: '1280x720', movement_amplitude: 'auto', bgm: false } }),
  },
  {
    name: 'Hailuo (MiniMax, the file URL asked for)', type: 35, model: 'MiniMax-Hailuo-02', key: 'minimax-key',
    async start() {
      const mock = await startMiniMaxVideoMock('minimax-key');
      return { ...mock, sent: () => { const body = mock.bodies.at(-1); return body && { body }; } };
    },
    expectedSubmit: (prompt) => ({ body: { model: 'MiniMax-Hailuo-02', prompt, duration: 5, resolution: '720P', first_frame_image: FRAME } }),
  },
  {
    name: 'Jimeng (Volcengine visual API, signed with access|secret key)', type: 51, model: 'jimeng_v30', key: 'AKLT-jm|c2VjcmV0',
    async start() {
      const mock = await startJimengMock('AKLT-jm', 'c2VjcmV0');
      return { ...mock, sent: () => { const body = mock.bodies.at(-1); return body && { body }; } };
    },
    // Jimeng 3.0 with a first frame is its first-frame variant; 5 seconds are 121 frames at 24 fps.
    expectedSubmit: (prompt) => ({ body: { req_key: 'jimeng_i2v_first_v30', prompt, seed: -1, aspect_ratio: '16:9', frames: 121, image_urls: [FRAME] } }),
  },
];

describe.each(CASES)('video tasks on $name', (provider) => {
  let fixture: EmbeddedFixture;
  let mock: Awaited<ReturnType<ProviderCase['start']>>;
  let ann: { user: ConsoleClient; key: string };
  const price = quotaOf$(PRICES[provider.model]);

  const { call, quotaOf, quotaBecomes, finished } = videoCalls(() => fixture.tollgate.url);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    mock = await provider.start();
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify(PRICES) });
    // The mock serves its videos on loopback: the content route's fetch policy must let it through.
    await root.must('PUT', '/api/option/', { key: 'fetch_setting.allowed_ports', value: '[]' });
    await root.must('PUT', '/api/option/', { key: 'fetch_setting.allow_private_ip', value: 'true' });
    await root.must('POST', '/api/channel/', { name: provider.name, type: provider.type, key: provider.key, base_url: mock.url, models: provider.model, group: 'default' });
    ann = await userWithKey(fixture, 'ann', 2_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
  });

  it("submits image-to-video in the provider's protocol at its per-task price, polls it to its video, and streams the content", async () => {
    const submitted = await call(ann.key, 'POST', '/v1/video/generations', { model: provider.model, prompt: 'a red fox', image: FRAME, duration: 5, size: '1280x720' });
    expect(submitted).toMatchObject({ status: 200, body: { object: 'video', model: provider.model, status: 'queued' } });
    expect(mock.sent()).toEqual(provider.expectedSubmit('a red fox'));
    const id = String(submitted.body.id);
    await quotaBecomes(ann.user, 2_000_000 - price);
    const done = await finished(ann.key, id);
    const videoUrl = `${mock.url}/media/${id}.mp4`;
    expect(done).toMatchObject({ id, status: 'completed', progress: 100, metadata: { url: videoUrl } });
    expect((await call(ann.key, 'GET', `/v1/video/generations/${id}`)).body).toMatchObject({ code: 'success', data: { task_id: id, platform: String(provider.type), action: 'generate', status: 'SUCCESS', result_url: videoUrl } });
    const content = await fetch(`${fixture.tollgate.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${ann.key}` } });
    expect(Buffer.from(await content.arrayBuffer())).toEqual(MP4_BYTES);
    expect(await quotaOf(ann.user)).toBe(2_000_000 - price);
  });

  it('refunds a failed video exactly once and leaves a refused submit uncharged', async () => {
    const bob = await userWithKey(fixture, 'bob', 1_000_000);
    const refused = await call(bob.key, 'POST', '/v1/videos', { model: provider.model, prompt: 'refuse me' });
    expect(refused.status).toBe(400);
    const created = await call(bob.key, 'POST', '/v1/videos', { model: provider.model, prompt: 'this will fail' });
    const id = String(created.body.id);
    expect(await finished(bob.key, id)).toMatchObject({ status: 'failed', error: { code: 'task_failed' } });
    await quotaBecomes(bob.user, 1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 400)); // later polls must not refund again
    expect(await quotaOf(bob.user)).toBe(1_000_000);
    const refunds = await eventually(async () => {
      const rows = (await bob.user.must<{ items: { type: number; quota: number }[] }>('GET', '/api/log/self/')).items.filter((row) => row.type === 4);
      return rows.length ? rows : undefined;
    });
    expect(refunds.map((row) => row.quota)).toEqual([price]);
  });

  it('never overdraws: a burst of submits on a balance for two videos accepts two and refuses the rest', async () => {
    const balance = 2 * price + Math.floor(price / 2);
    const cy = await userWithKey(fixture, `cy${provider.type}`, balance);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(cy.key, 'POST', '/v1/videos', { model: provider.model, prompt: `burst ${i} stall` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 403 || a.status === 429)).toBe(true);
    await quotaBecomes(cy.user, balance - 2 * price);
  });
});
