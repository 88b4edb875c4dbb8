import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

interface ChannelView { id: number; status: number; other_info: string }

/** What a failing upstream does to its channel during real traffic, and what the client sees. */
describe('relay: channel health and status code mapping', () => {
  let fixture: EmbeddedFixture;
  let key: string;

  const addChannel = async (name: string, patch: Record<string, unknown> = {}) => {
    const [id] = await fixture.root.must<number[]>('POST', '/api/channel/', { name, type: 1, key: 'k', base_url: fixture.upstream.url, models: 'mock-model', group: 'default', ...patch });
    return id as number;
  };
  const statusOf = async (id: number) => (await fixture.root.must<ChannelView>('GET', `/api/channel/${id}`)).status;
  const setOption = (name: string, value: string) => fixture.root.must('PUT', '/api/option/', { key: name, value });
  const call = () =>
    fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await priceModels(fixture, { 'mock-model': 1 });
    ({ key } = await userWithKey(fixture, 'health-hal', 1_000_000));
  });

  afterEach(async () => {
    fixture.upstream.configure({ failWith: 0 });
    await setOption('AutomaticDisableChannelEnabled', 'false');
    for (const channel of (await fixture.root.must<{ items: ChannelView[] }>('GET', '/api/channel/?p=0&page_size=100')).items) {
      await fixture.root.must('DELETE', `/api/channel/${channel.id}`);
    }
  });

  afterAll(async () => fixture?.close());

  it('rewrites the status the client sees with the channel\'s status_code_mapping', async () => {
    await addChannel('mapped', { status_code_mapping: '{"429":"503"}' });
    fixture.upstream.configure({ failWith: 429 });
    const answer = await call();
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe('mock failure 429');
  });

  it('switches off a channel whose key the upstream rejects, when AutomaticDisableChannelEnabled is on', async () => {
    const id = await addChannel('rejected');
    await setOption('AutomaticDisableChannelEnabled', 'true');
    fixture.upstream.configure({ failWith: 401 });
    expect((await call()).status).toBe(401);
    expect(await statusOf(id)).toBe(3);
    const { other_info } = await fixture.root.must<ChannelView>('GET', `/api/channel/${id}`);
    expect(JSON.parse(other_info)).toMatchObject({ status_reason: expect.stringContaining('httpCode 401'), status_time: expect.any(Number) });
    fixture.upstream.configure({ failWith: 0 });
    expect((await call()).status).toBe(503);
  });

  it('leaves the channel alone with the switch off, for a channel with auto_ban 0, and for an ordinary failure', async () => {
    const id = await addChannel('kept');
    fixture.upstream.configure({ failWith: 401 });
    expect((await call()).status).toBe(401);
    expect(await statusOf(id)).toBe(1);
    await setOption('AutomaticDisableChannelEnabled', 'true');
    await fixture.root.must('PUT', '/api/channel/', { id, auto_ban: 0 });
    expect((await call()).status).toBe(401);
    expect(await statusOf(id)).toBe(1);
    await fixture.root.must('PUT', '/api/channel/', { id, auto_ban: 1 });
    fixture.upstream.configure({ failWith: 500 });
    expect((await call()).status).toBe(500);
    expect(await statusOf(id)).toBe(1);
  });
});
