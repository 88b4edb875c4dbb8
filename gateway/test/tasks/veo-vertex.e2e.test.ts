import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVertexMock, type VertexMock } from '../mock-upstream/anthropic-google/vertex-mock.js';
import { MP4_BYTES } from '../mock-upstream/video/video-walk.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { videoCalls } from '../support/clients/video-calls.js';

/** new-api prices Veo per second: ModelPrice ($) x QuotaPerUnit x seconds (8 unless asked); Veo 3.0 has no 4K ratio. */
const PRICE = 0.04;
const MODEL = 'veo-3.0-generate-001';
const veoQuota = (seconds: number) => Math.round(PRICE * 500_000 * seconds);
const EMAIL = 'videos@test-project.iam.gserviceaccount.com';

/** Veo on a Vertex AI channel (type 41): a service account's token, predictLongRunning and fetchPredictOperation, the video inline. */
describe('Veo video tasks on a Vertex AI channel', () => {
  let fixture: EmbeddedFixture;
  let vertex: VertexMock;
  let ann: { user: ConsoleClient; key: string };
  const { call, quotaOf, quotaBecomes, finished } = videoCalls(() => fixture.tollgate.url);

  beforeAll(async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    vertex = await startVertexMock({ clientEmail: EMAIL, publicKey, reply: '', promptTokens: 0, outputTokens: 0 });
    const account = { type: 'service_account', project_id: 'test-project', private_key_id: 'kid-1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), client_email: EMAIL, token_uri: vertex.tokenUri };
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ServerAddress', value: fixture.tollgate.url });
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ [MODEL]: PRICE }) });
    await root.must('POST', '/api/channel/', { name: 'vertex', type: 41, key: JSON.stringify(account), base_url: vertex.url, models: MODEL, group: 'default', other: 'europe-west4' });
    ann = await userWithKey(fixture, 'ann', 5_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await vertex?.close();
  });

  it('starts predictLongRunning in the channel region with a token, polls fetchPredictOperation, and serves the inline video', async () => {
    const submitted = await call(ann.key, 'POST', '/v1/video/generations', { model: MODEL, prompt: 'a red fox', duration: 6, size: '1920x1080' });
    expect(submitted).toMatchObject({ status: 200, body: { object: 'video', model: MODEL } });
    expect(vertex.requests.at(-1)?.path).toBe(`/v1/projects/test-project/locations/europe-west4/publishers/google/models/${MODEL}:predictLongRunning`);
    expect(vertex.veoSubmits.at(-1)?.body).toEqual({ instances: [{ prompt: 'a red fox' }], parameters: { aspectRatio: '16:9', durationSeconds: 6, resolution: '1080p', sampleCount: 1 } });
    const id = String(submitted.body.id);
    await quotaBecomes(ann.user, 5_000_000 - veoQuota(6));
    const content = `${fixture.tollgate.url}/v1/videos/${id}/content`;
    expect(await finished(ann.key, id)).toMatchObject({ status: 'completed', metadata: { url: content } });
    // The task keeps the operation, not the video inlined in it.
    const row = await call(ann.key, 'GET', `/v1/video/generations/${id}`);
    expect(JSON.stringify(row.body)).not.toContain(MP4_BYTES.toString('base64'));
    const video = await fetch(content, { headers: { authorization: `Bearer ${ann.key}` } });
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await video.arrayBuffer())).toEqual(MP4_BYTES);
    expect(vertex.tokensIssued).toBe(1);
  });

  it('refunds a failed operation once and leaves a refused submit uncharged', async () => {
    const bob = await userWithKey(fixture, 'bob', 5_000_000);
    expect((await call(bob.key, 'POST', '/v1/videos', { model: MODEL, prompt: 'refuse me' })).status).toBe(400);
    const id = String((await call(bob.key, 'POST', '/v1/videos', { model: MODEL, prompt: 'this will fail' })).body.id);
    expect(await finished(bob.key, id)).toMatchObject({ status: 'failed', error: { message: expect.stringContaining('usage guidelines') } });
    await quotaBecomes(bob.user, 5_000_000);
    await new Promise((resolve) => setTimeout(resolve, 400)); // later polls must not refund again
    const refunds = await eventually(async () => {
      const rows = (await bob.user.must<{ items: { type: number; quota: number }[] }>('GET', '/api/log/self/')).items.filter((r) => r.type === 4);
      return rows.length ? rows : undefined;
    });
    expect(refunds.map((r) => r.quota)).toEqual([veoQuota(8)]);
    expect(await quotaOf(bob.user)).toBe(5_000_000);
  });
});
