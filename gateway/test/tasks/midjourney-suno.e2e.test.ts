import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageWorkerMock } from '../mock-upstream/services/image-worker-mock.js';
import { startTaskMock, type TaskMock } from '../mock-upstream/services/task-mock.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Midjourney and Suno tasks through the real embedded server and a mock proxy that walks each
 * task through its statuses one poll at a time. Default prices: mj_imagine $0.1 = 50000 quota,
 * mj_upscale $0.05 = 25000, suno_music $0.1 = 50000, suno_lyrics $0.01 = 5000.
 */
describe('Midjourney and Suno tasks', () => {
  let fixture: EmbeddedFixture;
  let mock: TaskMock;
  let ann: { user: ConsoleClient; key: string };
  let bob: { user: ConsoleClient; key: string };
  let mjChannelId = 0;

  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(fixture.tollgate.url + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const quotaOf = async (user: ConsoleClient) => (await user.must<{ quota: number }>('GET', '/api/user/self')).quota;
  const quotaBecomes = (user: ConsoleClient, expected: number) => eventually(async () => ((await quotaOf(user)) === expected ? true : undefined), 10_000, `quota ${expected}`);
  const mjTask = (id: string) => call(ann.key, 'GET', `/mj/task/${id}/fetch`);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100' });
    mock = await startTaskMock('proxy-secret');
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ServerAddress', value: fixture.tollgate.url });
    await root.must('POST', '/api/channel/', { name: 'mj', type: 2, key: 'proxy-secret', base_url: mock.url, models: 'mj_imagine,mj_upscale', group: 'default' });
    await root.must('POST', '/api/channel/', { name: 'suno', type: 36, key: 'proxy-secret', base_url: mock.url, models: 'suno_music,suno_lyrics', group: 'default' });
    const channels = await root.must<{ items: { id: number; type: number }[] }>('GET', '/api/channel/?p=0&page_size=10');
    mjChannelId = channels.items.find((c) => c.type === 2)?.id ?? 0;
    ann = await userWithKey(fixture, 'ann', 1_000_000);
    bob = await userWithKey(fixture, 'bob', 1_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
  });

  it('submits an imagine, charges $0.1 once, and polls it to SUCCESS with its image served here once fetch_setting.allowed_ports and fetch_setting.allow_private_ip let it reach the loopback proxy', async () => {
    const submit = await call(ann.key, 'POST', '/mj/submit/imagine', { prompt: 'a lighthouse' });
    expect(submit).toMatchObject({ status: 200, body: { code: 1, description: '提交成功' } });
    const id = String(submit.body.result);
    await quotaBecomes(ann.user, 950_000);
    const seen = new Set<string>();
    const done = await eventually(async () => {
      const task = (await mjTask(id)).body;
      seen.add(String(task.status));
      return task.status === 'SUCCESS' ? task : undefined;
    });
    expect(done).toMatchObject({ id, action: 'IMAGINE', prompt: 'a lighthouse', promptEn: 'a lighthouse (en)', progress: '100%', imageUrl: `${fixture.tollgate.url}/mj/image/${id}`, failReason: '' });
    expect([...seen].every((s) => ['NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'SUCCESS'].includes(s))).toBe(true);
    // The proxy's image URL is on loopback at a high port: new-api's default fetch policy refuses it.
    const refused = await fetch(String(done.imageUrl));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: `request blocked: port ${new URL(mock.url).port} is not allowed` });
    await fixture.root.must('PUT', '/api/option/', { key: 'fetch_setting.allowed_ports', value: '[]' });
    expect(await (await fetch(String(done.imageUrl))).json()).toEqual({ error: 'request blocked: private IP address not allowed: 127.0.0.1' });
    await fixture.root.must('PUT', '/api/option/', { key: 'fetch_setting.allow_private_ip', value: 'true' });
    const image = await fetch(String(done.imageUrl));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect(await quotaOf(ann.user)).toBe(950_000);
    expect((await call(ann.key, 'GET', `/mj/task/${id}/image-seed`)).body).toMatchObject({ code: 1, result: '4242' });
  });

  it('upscales through simple-change on the same channel at $0.05; another user cannot act on the task', async () => {
    const [first] = (await ann.user.must<{ items: { mj_id: string }[] }>('GET', '/api/mj/self/')).items.slice(-1);
    const change = await call(ann.key, 'POST', '/mj/submit/simple-change', { content: `${first?.mj_id} U1` });
    expect(change.body).toMatchObject({ code: 1 });
    await quotaBecomes(ann.user, 925_000);
    const foreign = await call(bob.key, 'POST', '/mj/submit/simple-change', { content: `${first?.mj_id} U1` });
    expect(foreign).toEqual({ status: 400, body: { code: 4, description: 'task_not_found', type: 'upstream_error' } });
    expect((await call(ann.key, 'POST', '/mj/submit/simple-change', { content: 'nonsense' })).status).toBe(400);
  });

  it('answers every refusal in the Midjourney Proxy shape its clients read: a bad key, a malformed body, an unknown path', async () => {
    expect(await call('sk-not-a-key', 'POST', '/mj/submit/imagine', { prompt: 'x' })).toMatchObject({ status: 401, body: { code: 4, description: '无效的令牌', type: 'upstream_error' } });
    expect(await call(ann.key, 'POST', '/mj/submit/change', { taskId: 'x', action: 'EXPLODE' })).toMatchObject({ status: 400, body: { code: 4, type: 'upstream_error' } });
    expect(await call(ann.key, 'GET', '/mj/no/such/path')).toEqual({ status: 404, body: { code: 4, description: 'Invalid URL (GET /mj/no/such/path)', type: 'upstream_error' } });
  });

  it('refunds a task that fails upstream, exactly, and leaves a refused submit uncharged', async () => {
    const before = await quotaOf(bob.user);
    const refused = await call(bob.key, 'POST', '/mj/submit/imagine', { prompt: 'refuse this' });
    expect(refused.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    const submit = await call(bob.key, 'POST', '/mj/submit/imagine', { prompt: 'please fail' });
    const id = String(submit.body.result);
    const failed = await eventually(async () => {
      const task = (await call(bob.key, 'GET', `/mj/task/${id}/fetch`)).body;
      return task.status === 'FAILURE' ? task : undefined;
    });
    expect(failed).toMatchObject({ failReason: 'Banned prompt' });
    await quotaBecomes(bob.user, before);
    const logs = await eventually(async () => {
      const page = await bob.user.must<{ items: { type: number; quota: number; content: string; model_name: string }[] }>('GET', '/api/log/self/');
      return page.items.some((row) => row.type === 4) ? page.items : undefined;
    });
    expect(logs.map((row) => [row.type, row.quota])).toEqual(expect.arrayContaining([[2, 50_000], [4, 50_000]]));
    expect(logs.find((row) => row.type === 4)?.content).toBe(`构图失败 ${id}，补偿 50000`);
    await new Promise((r) => setTimeout(r, 400)); // further polls must not refund again
    expect(await quotaOf(bob.user)).toBe(before);
    expect((await bob.user.must<{ total: number }>('GET', '/api/mj/self/')).total).toBe(1);
  });

  it('runs Suno music and lyrics: submit, fetch by id and by ids, billed at their prices', async () => {
    const before = await quotaOf(ann.user);
    const music = await call(ann.key, 'POST', '/suno/submit/music', { prompt: 'a sea shanty', mv: 'chirp-v3-5' });
    expect(music.body).toMatchObject({ code: 'success' });
    const lyrics = await call(ann.key, 'POST', '/suno/submit/lyrics', { prompt: 'about the sea' });
    await quotaBecomes(ann.user, before - 50_000 - 5_000);
    const done = await eventually(async () => {
      const answer = (await call(ann.key, 'GET', `/suno/fetch/${String(music.body.data)}`)).body;
      return (answer.data as { status: string }).status === 'SUCCESS' ? answer.data : undefined;
    });
    expect(done).toMatchObject({ task_id: music.body.data, action: 'MUSIC', progress: '100%', data: [{ id: `clip-${String(music.body.data)}` }] });
    const both = await call(ann.key, 'POST', '/suno/fetch', { ids: [music.body.data, lyrics.body.data] });
    expect((both.body.data as { action: string }[]).map((t) => t.action)).toEqual(['MUSIC', 'LYRICS']);
    expect((await call(bob.key, 'GET', `/suno/fetch/${String(music.body.data)}`)).status).toBe(404);
    expect((await call(ann.key, 'POST', '/suno/submit/video', {})).status).toBe(400);
  });

  it('lists drawings and tasks with their filters: own for users, everyone for admins', async () => {
    const { root } = fixture;
    const all = await root.must<{ items: { mj_id: string; user_id: number; channel_id: number }[]; total: number }>('GET', '/api/mj/');
    expect(all.total).toBe(3);
    const one = all.items[0]?.mj_id ?? '';
    expect((await root.must<{ total: number }>('GET', `/api/mj/?mj_id=${one}`)).total).toBe(1);
    expect((await root.must<{ total: number }>('GET', `/api/mj/?channel_id=${mjChannelId}`)).total).toBe(3);
    expect((await root.must<{ total: number }>('GET', `/api/mj/?channel_id=${mjChannelId + 99}`)).total).toBe(0);
    expect((await root.must<{ total: number }>('GET', `/api/mj/?start_timestamp=${Date.now() + 60_000}`)).total).toBe(0);
    expect((await ann.user.must<{ total: number }>('GET', '/api/mj/self/')).total).toBe(2);
    expect((await ann.user.call('GET', '/api/mj/')).success).toBe(false);
    const tasks = await ann.user.must<{ items: { platform: string; action: string; status: string }[]; total: number }>('GET', `/api/task/self?start_timestamp=${Math.floor(Date.now() / 1000) - 600}`);
    expect(tasks.total).toBe(2);
    expect(tasks.items.map((t) => t.platform)).toEqual(['suno', 'suno']);
    expect((await root.must<{ total: number }>('GET', '/api/task/?task_id=nope')).total).toBe(0);
  });

  it('tests Midjourney and Suno channels by asking for their task lists, with their keys', async () => {
    const { root } = fixture;
    const channels = (await root.must<{ items: { id: number; type: number }[] }>('GET', '/api/channel/?p=0&page_size=10')).items;
    const sunoChannelId = channels.find((c) => c.type === 36)?.id ?? 0;
    const refusedBefore = mock.refused;
    for (const id of [mjChannelId, sunoChannelId]) expect(await root.call('GET', `/api/channel/test/${id}`)).toMatchObject({ success: true });
    await root.must('PUT', '/api/channel/', { id: mjChannelId, key: 'not-the-secret' });
    try {
      expect(await root.call('GET', `/api/channel/test/${mjChannelId}`)).toMatchObject({ success: false });
      expect(mock.refused).toBe(refusedBefore + 1);
    } finally {
      await root.must('PUT', '/api/channel/', { id: mjChannelId, key: 'proxy-secret' });
    }
  });

  describe('the Midjourney switches', () => {
    const setOption = (key: string, value: string) => fixture.root.must('PUT', '/api/option/', { key, value });
    const lastSentUpstream = () => mock.mjBodies.at(-1);
    const imagine = { prompt: 'a harbour at dusk --fast --v 6', accountFilter: { instanceId: 'acc-1' }, notifyHook: 'https://client.example/hook' };

    it('MjAccountFilterEnabled, MjNotifyEnabled, MjModeClearEnabled: off by default, the filter and hook stay here and the prompt goes as written', async () => {
      expect((await call(ann.key, 'POST', '/mj/submit/imagine', imagine)).body).toMatchObject({ code: 1 });
      expect(lastSentUpstream()).toEqual({ prompt: 'a harbour at dusk --fast --v 6' });
    });

    it('MjAccountFilterEnabled, MjNotifyEnabled, MjModeClearEnabled: on, the filter and hook go upstream and the mode flag is cleared', async () => {
      for (const key of ['MjAccountFilterEnabled', 'MjNotifyEnabled', 'MjModeClearEnabled']) await setOption(key, 'true');
      try {
        expect((await call(ann.key, 'POST', '/mj/submit/imagine', imagine)).body).toMatchObject({ code: 1 });
        expect(lastSentUpstream()).toEqual({ ...imagine, prompt: 'a harbour at dusk --v 6' });
      } finally {
        for (const key of ['MjAccountFilterEnabled', 'MjNotifyEnabled', 'MjModeClearEnabled']) await setOption(key, 'false');
      }
    });

    it('MjActionCheckSuccessEnabled: an action on a task that did not succeed is refused uncharged, unless the switch is off', async () => {
      // A user of its own: the earlier tests' charges may still be on their way to ann's balance.
      const cy = await userWithKey(fixture, 'cy', 1_000_000);
      await quotaBecomes(cy.user, 1_000_000);
      const id = String((await call(cy.key, 'POST', '/mj/submit/imagine', { prompt: 'this one will fail' })).body.result);
      await eventually(async () => ((await call(cy.key, 'GET', `/mj/task/${id}/fetch`)).body.status === 'FAILURE' ? true : undefined));
      await quotaBecomes(cy.user, 1_000_000); // refunded
      const refused = await call(cy.key, 'POST', '/mj/submit/simple-change', { content: `${id} U1` });
      expect(refused).toEqual({ status: 400, body: { code: 4, description: 'task_status_not_success', type: 'upstream_error' } });
      await setOption('MjActionCheckSuccessEnabled', 'false');
      try {
        expect((await call(cy.key, 'POST', '/mj/submit/simple-change', { content: `${id} U1` })).body).toMatchObject({ code: 1 });
      } finally {
        await setOption('MjActionCheckSuccessEnabled', 'true');
      }
      await quotaBecomes(cy.user, 1_000_000 - 25_000); // the accepted upscale only: had the refused one been charged, this would never be
    });

    it("MjForwardUrlEnabled: off, clients load the image from the proxy's own address", async () => {
      const [done] = (await ann.user.must<{ items: { mj_id: string; status: string }[] }>('GET', '/api/mj/self/')).items.filter((t) => t.status === 'SUCCESS');
      await setOption('MjForwardUrlEnabled', 'false');
      try {
        expect((await mjTask(String(done?.mj_id))).body.imageUrl).toBe(`${mock.url}/image/${done?.mj_id}.png`);
      } finally {
        await setOption('MjForwardUrlEnabled', 'true');
      }
      expect((await mjTask(String(done?.mj_id))).body.imageUrl).toBe(`${fixture.tollgate.url}/mj/image/${done?.mj_id}`);
    });

    it('WorkerUrl, WorkerValidKey: a forwarded image is fetched through the operator\'s worker, with its key', async () => {
      const worker = await startImageWorkerMock('worker-key');
      const [done] = (await ann.user.must<{ items: { mj_id: string; status: string }[] }>('GET', '/api/mj/self/')).items.filter((t) => t.status === 'SUCCESS');
      await setOption('WorkerUrl', worker.url);
      try {
        await setOption('WorkerValidKey', 'wrong-key');
        expect((await fetch(`${fixture.tollgate.url}/mj/image/${done?.mj_id}`)).ok).toBe(false);
        await setOption('WorkerValidKey', 'worker-key');
        const image = await fetch(`${fixture.tollgate.url}/mj/image/${done?.mj_id}`);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
        expect(worker.fetched).toEqual([`${mock.url}/image/${done?.mj_id}.png`]);
      } finally {
        await setOption('WorkerUrl', '');
        await worker.close();
      }
    });
  });
});
