import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIVideosMock, type VideosMock } from '../mock-upstream/video/openai-videos-mock.js';
import { MP4_BYTES } from '../mock-upstream/video/video-walk.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { videoCalls } from '../support/clients/video-calls.js';

/** new-api's per-task price (ModelPrice, $) times QuotaPerUnit, times the Sora ratios: seconds, and 5/3 for the large sizes. */
const QUOTA_PER_UNIT = 500_000;
const PRICE = 0.1;
const soraQuota = (seconds: number, large: boolean) => Math.round(PRICE * QUOTA_PER_UNIT * seconds * (large ? 1.666667 : 1));

/** Video tasks on a Sora channel (type 55) through the real embedded server, against a mock of OpenAI's video API. */
describe('video tasks on OpenAI /v1/videos and new-api /v1/video/generations', () => {
  let fixture: EmbeddedFixture;
  let mock: VideosMock;
  let ann: { user: ConsoleClient; key: string };

  const { call, quotaOf, quotaBecomes, finished } = videoCalls(() => fixture.tollgate.url);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    mock = await startOpenAIVideosMock('sora-key');
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ServerAddress', value: fixture.tollgate.url });
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'sora-2': PRICE }) });
    await root.must('POST', '/api/channel/', { name: 'sora', type: 55, key: 'sora-key', base_url: mock.url, models: 'sora-2', group: 'default' });
    ann = await userWithKey(fixture, 'ann', 5_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
  });

  it('creates a video on /v1/videos at price x seconds x size, polls it to completed, and streams its content', async () => {
    const created = await call(ann.key, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'a paper boat', seconds: '8', size: '1792x1024' });
    expect(created).toMatchObject({ status: 200, body: { object: 'video', model: 'sora-2', status: 'queued' } });
    const id = String(created.body.id);
    expect(mock.bodies.at(-1)).toEqual({ model: 'sora-2', prompt: 'a paper boat', seconds: '8', size: '1792x1024' });
    await quotaBecomes(ann.user, 5_000_000 - soraQuota(8, true));
    const done = await finished(ann.key, id);
    expect(done).toMatchObject({ id, object: 'video', status: 'completed', progress: 100, model: 'sora-2', seconds: '8', size: '1792x1024', metadata: { url: `${fixture.tollgate.url}/v1/videos/${id}/content` } });
    const content = await fetch(`${fixture.tollgate.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${ann.key}` } });
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await content.arrayBuffer())).toEqual(MP4_BYTES);
    const generation = await call(ann.key, 'GET', `/v1/video/generations/${id}`);
    expect(generation.body).toMatchObject({ code: 'success', data: { task_id: id, platform: '55', status: 'SUCCESS', progress: '100%', result_url: `${fixture.tollgate.url}/v1/videos/${id}/content` } });
    expect(await quotaOf(ann.user)).toBe(5_000_000 - soraQuota(8, true));
  });

  it("takes new-api's /v1/video/generations with duration, billed at 4 seconds when none is given", async () => {
    const before = await quotaOf(ann.user);
    const submitted = await call(ann.key, 'POST', '/v1/video/generations', { model: 'sora-2', prompt: 'a kite', duration: 5 });
    expect(submitted.status).toBe(200);
    await call(ann.key, 'POST', '/v1/video/generations', { model: 'sora-2', prompt: 'a kite again' });
    await quotaBecomes(ann.user, before - soraQuota(5, false) - soraQuota(4, false));
    const fetched = await call(ann.key, 'GET', `/v1/video/generations/${String(submitted.body.id)}`);
    expect(fetched.body).toMatchObject({ code: 'success', data: { task_id: submitted.body.id, action: 'textGenerate' } });
  });

  it('refunds a failed video once, leaves a refused one uncharged, and hides a task from other users', async () => {
    const bob = await userWithKey(fixture, 'bob', 1_000_000);
    const refused = await call(bob.key, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'refuse this' });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'moderation_blocked' } } });
    const created = await call(bob.key, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'this will fail' });
    const id = String(created.body.id);
    const failed = await finished(bob.key, id);
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'Your request was blocked by our moderation system.' } });
    await quotaBecomes(bob.user, 1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 400)); // later polls must not refund again
    expect(await quotaOf(bob.user)).toBe(1_000_000);
    const refunds = await eventually(async () => {
      const rows = (await bob.user.must<{ items: { type: number; quota: number; content: string }[] }>('GET', '/api/log/self/')).items;
      return rows.some((row) => row.type === 4) ? rows.filter((row) => row.type === 4) : undefined;
    });
    expect(refunds).toEqual([expect.objectContaining({ quota: soraQuota(4, false), content: `异步任务执行失败 ${id}，补偿 ${soraQuota(4, false)}` })]);
    expect((await call(ann.key, 'GET', `/v1/videos/${id}`)).status).toBe(400);
    expect((await call(bob.key, 'GET', `/v1/videos/${id}/content`)).status).toBe(400);
  });

  it('never overdraws: a burst of submits on a balance for three videos accepts three and leaves the rest', async () => {
    const each = soraQuota(4, false);
    const balance = 3 * each + each / 2;
    const cy = await userWithKey(fixture, 'cy', balance);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(cy.key, 'POST', '/v1/videos', { model: 'sora-2', prompt: `burst ${i} stall` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 403 || a.status === 429)).toBe(true);
    await quotaBecomes(cy.user, balance - 3 * each);
    expect((await cy.user.must<{ total: number }>('GET', '/api/task/self')).total).toBe(3);
  });

  it("takes the openai SDK's videos.create with an input_reference file as a multipart form, and passes the form on", async () => {
    const openai = new OpenAI({ apiKey: ann.key, baseURL: `${fixture.tollgate.url}/v1` });
    const before = await quotaOf(ann.user);
    const frame = Buffer.from('89504e470d0a1a0a-a-first-frame');
    const video = await openai.videos.create({ model: 'sora-2', prompt: 'the boat sails on', seconds: '4', size: '720x1280', input_reference: await toFile(frame, 'frame.png', { type: 'image/png' }) });
    expect(video).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued' });
    expect(mock.bodies.at(-1)).toEqual({ model: 'sora-2', prompt: 'the boat sails on', seconds: '4', size: '720x1280', input_reference: { filename: 'frame.png', type: 'image/png', size: frame.length } });
    await quotaBecomes(ann.user, before - soraQuota(4, false));
    expect(await finished(ann.key, video.id)).toMatchObject({ status: 'completed' });
  });

  it("remixes a finished video with the SDK's videos.remix, on the video's own channel, priced as the original", async () => {
    const openai = new OpenAI({ apiKey: ann.key, baseURL: `${fixture.tollgate.url}/v1` });
    const source = await openai.videos.create({ model: 'sora-2', prompt: 'a lighthouse', seconds: '8', size: '1024x1792' });
    expect((await openai.videos.remix(source.id, { prompt: 'the lighthouse at night' }).catch((error: unknown) => error)) as object).toMatchObject({ status: 400 });
    await finished(ann.key, source.id);
    const before = await quotaOf(ann.user);
    const remixed = await openai.videos.remix(source.id, { prompt: 'the lighthouse at night' });
    expect(remixed).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued' });
    expect(remixed.id).not.toBe(source.id);
    expect(mock.bodies.at(-1)).toEqual({ model: 'sora-2', seconds: '8', size: '1024x1792', prompt: 'the lighthouse at night', remixed_from_video_id: source.id });
    await quotaBecomes(ann.user, before - soraQuota(8, true));
    expect(await finished(ann.key, remixed.id)).toMatchObject({ status: 'completed', seconds: '8', size: '1024x1792' });
    expect(await call(ann.key, 'POST', '/v1/videos/video_nope/remix', { prompt: 'x' })).toMatchObject({ status: 400, body: { error: { message: 'task_not_exist' } } });
  });

  it('refuses a body without a model in OpenAI error shape, and an unknown task id', async () => {
    expect(await call(ann.key, 'POST', '/v1/videos', { prompt: 'x' })).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(await call(ann.key, 'GET', '/v1/videos/video_nope')).toMatchObject({ status: 400, body: { error: { message: 'task_not_exist' } } });
  });
});
