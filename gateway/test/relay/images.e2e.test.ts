import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_IMAGE } from '../mock-upstream/openai/openai-surfaces-mock.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { chargeTracker } from '../support/clients/relay-billing.js';

/**
 * The Images API through the real embedded server, the openai SDK as client: billed per image as
 * ModelPrice (or ratio x $0.0025) x size x quality x n x QuotaPerUnit (500000) x group ratio.
 */
describe('images: generations, edits and variations', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;
  let apiKey: string;
  let tracker: ReturnType<typeof chargeTracker>;
  const png = () => toFile(MOCK_IMAGE, 'cat.png', { type: 'image/png' });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    const { root, upstream } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'dall-e-3': 0.04, 'dall-e-2': 0.02, 'gpt-image-1': 0.04, 'azure-dalle': 0.04, 'claude-only': 0.01 }) });
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'ratio-image': 16 }) });
    const channel = { type: 1, key: 'k', base_url: upstream.url, group: 'default' };
    await root.must('POST', '/api/channel/', { ...channel, name: 'openai', models: 'dall-e-3,dall-e-2,gpt-image-1,ratio-image', model_mapping: '{"gpt-image-1":"gpt-image-1-upstream"}' });
    await root.must('POST', '/api/channel/', { ...channel, name: 'azure', type: 3, key: 'azure-key', other: '2024-10-21', models: 'azure-dalle' });
    await root.must('POST', '/api/channel/', { ...channel, name: 'claude', type: 14, models: 'claude-only' });
    const { user, key } = await userWithKey(fixture, 'ivy', 1_000_000);
    tracker = chargeTracker(user);
    apiKey = key;
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => fixture?.close());

  it('generates dall-e-3 hd 1792x1024: $0.04 x 2 (size) x 1.5 (hd, wide) = 60000 quota', async () => {
    const answer = await client.images.generate({ model: 'dall-e-3', prompt: 'a lighthouse', size: '1792x1024', quality: 'hd' });
    expect(answer.data?.[0]?.url).toBe('https://images.mock/dall-e-3/0.png');
    expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ model: 'dall-e-3', prompt: 'a lighthouse', size: '1792x1024', quality: 'hd' });
    const row = await tracker.expectCharged(60_000);
    expect(row).toMatchObject({ model_name: 'dall-e-3', quota: 60_000, prompt_tokens: 1, completion_tokens: 0, is_stream: false });
    expect(JSON.parse(row.other).model_price).toBeCloseTo(0.12, 10);
  });

  it('generates n=2 dall-e-2 512x512 as b64_json: $0.02 x 0.45 x 2 = 9000', async () => {
    const answer = await client.images.generate({ model: 'dall-e-2', prompt: 'a cat', n: 2, size: '512x512', response_format: 'b64_json' });
    expect(answer.data?.map((image) => Buffer.from(image.b64_json ?? '', 'base64'))).toEqual([MOCK_IMAGE, MOCK_IMAGE]);
    expect((await tracker.expectCharged(9000)).prompt_tokens).toBe(2);
  });

  it('prices an image model with only a ratio at ratio x $0.0025 an image (16 -> $0.04 = 20000)', async () => {
    await client.images.generate({ model: 'ratio-image', prompt: 'a fox' });
    await tracker.expectCharged(20_000);
  });

  it('forwards an edit form part for part, the model renamed by model_mapping: 2 x $0.04 = 40000', async () => {
    const answer = await client.images.edit({ model: 'gpt-image-1', image: await png(), prompt: 'add a hat', n: 2 });
    expect(answer.data).toHaveLength(2);
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/images/edits');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toMatchObject({ model: 'gpt-image-1-upstream', prompt: 'add a hat', n: '2' });
    expect(sent?.files.map(({ field, filename, type, bytes }) => ({ field, filename, type, bytes }))).toEqual([{ field: 'image', filename: 'cat.png', type: 'image/png', bytes: MOCK_IMAGE }]);
    expect((await tracker.expectCharged(40_000)).model_name).toBe('gpt-image-1');
  });

  it('forwards a JSON edit (gpt-image-1 with image URLs) as JSON', async () => {
    const images = [{ image_url: 'https://example.com/cat.png' }];
    await client.post('/images/edits', { body: { model: 'gpt-image-1', prompt: 'add a hat', images } });
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({ model: 'gpt-image-1-upstream', prompt: 'add a hat', images });
    await tracker.expectCharged(20_000);
  });

  it('forwards a variation (dall-e-2 by default, 1024x1024): $0.02 = 10000', async () => {
    const answer = await client.images.createVariation({ image: await png() });
    expect(answer.data?.[0]?.url).toBe('https://images.mock/dall-e-2/0.png');
    expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ model: 'dall-e-2' });
    await tracker.expectCharged(10_000);
  });

  it('calls an Azure deployment for images, with the channel api-version and api-key', async () => {
    await client.images.generate({ model: 'azure-dalle', prompt: 'a boat' });
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/openai/deployments/azure-dalle/images/generations?api-version=2024-10-21');
    expect(sent?.headers['api-key']).toBe('azure-key');
    await tracker.expectCharged(20_000);
  });

  it('refuses bad bodies, unknown models and channels that cannot draw, in the OpenAI shape, charging nothing', async () => {
    const before = fixture.upstream.requests.length;
    await expect(client.images.generate({ model: 'dall-e-3', prompt: '' })).rejects.toMatchObject({ status: 400, error: { type: 'invalid_request_error' } });
    await expect(client.images.generate({ model: 'no-such-model', prompt: 'x' })).rejects.toMatchObject({ status: 503, error: { code: 'model_not_found' } });
    await expect(client.images.generate({ model: 'claude-only', prompt: 'x' })).rejects.toMatchObject({ status: 503, error: { code: 'model_not_found' } });
    const withoutImage = new FormData();
    withoutImage.append('prompt', 'x');
    const noImage = await fetch(`${fixture.tollgate.url}/v1/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: withoutImage });
    expect(noImage.status).toBe(400);
    expect(((await noImage.json()) as { error: { message: string } }).error.message).toBe('image is required (a file)');
    // Regression: `n` was coerced, so "0x2" priced two images and `true` one.
    for (const n of ['0x2', '2e0', true]) {
      const loose = await fetch(`${fixture.tollgate.url}/v1/images/generations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'dall-e-2', prompt: 'x', n }),
      });
      expect(loose.status, String(n)).toBe(400);
    }
    expect(fixture.upstream.requests.length).toBe(before);
    await client.images.generate({ model: 'dall-e-2', prompt: 'a cat', size: '256x256' });
    await tracker.expectCharged(4000);
  });
});
