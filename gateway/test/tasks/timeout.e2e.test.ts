import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTaskMock, type TaskMock } from '../mock-upstream/services/task-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Tasks the upstream never finishes: after TASK_TIMEOUT_MINUTES (here 0.02, 1.2 s) they fail with
 * new-api's reason and are refunded through the ledger, once. Default prices: mj_imagine and
 * suno_music $0.1 = 50000 quota.
 */
const REASON = '任务超时（0.02分钟）';

describe('a task the upstream never finishes', () => {
  let fixture: EmbeddedFixture;
  let mock: TaskMock;
  let cal: { user: ConsoleClient; key: string };

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(fixture.tollgate.url + path, { method, headers: { authorization: `Bearer ${cal.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  const quotaOf = async () => (await cal.user.must<{ quota: number }>('GET', '/api/user/self')).quota;
  const refundRows = async () => (await cal.user.must<{ items: { type: number; quota: number; content: string }[] }>('GET', '/api/log/self/?type=4')).items;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100', TASK_TIMEOUT_MINUTES: '0.02' });
    mock = await startTaskMock('proxy-secret');
    await fixture.root.must('POST', '/api/channel/', { name: 'mj', type: 2, key: 'proxy-secret', base_url: mock.url, models: 'mj_imagine', group: 'default' });
    await fixture.root.must('POST', '/api/channel/', { name: 'suno', type: 36, key: 'proxy-secret', base_url: mock.url, models: 'suno_music', group: 'default' });
    cal = await userWithKey(fixture, 'cal', 1_000_000);
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
  });

  it('fails a stalled drawing and a stalled song with new-api’s reason, refunds each once, and stops polling them', async () => {
    const drawing = String((await call('POST', '/mj/submit/imagine', { prompt: 'stall forever' })).result);
    const song = String((await call('POST', '/suno/submit/music', { prompt: 'stall forever' })).data);
    await eventually(async () => ((await quotaOf()) === 900_000 ? true : undefined), 5000, 'both submits charged');
    // Polled while young: the upstream keeps saying IN_PROGRESS.
    await eventually(async () => ((await call('GET', `/mj/task/${drawing}/fetch`)).status === 'IN_PROGRESS' ? true : undefined));
    const failedDrawing = await eventually(async () => {
      const task = await call('GET', `/mj/task/${drawing}/fetch`);
      return task.status === 'FAILURE' ? task : undefined;
    }, 5000, 'the drawing timed out');
    expect(failedDrawing).toMatchObject({ failReason: REASON, progress: '100%' });
    expect(Number(failedDrawing.finishTime)).toBeGreaterThan(Number(failedDrawing.submitTime) + 1200);
    const failedSong = await eventually(async () => {
      const task = (await call('GET', `/suno/fetch/${song}`)).data as Record<string, unknown>;
      return task.status === 'FAILURE' ? task : undefined;
    }, 5000, 'the song timed out');
    expect(failedSong).toMatchObject({ fail_reason: REASON, progress: '100%' });
    await eventually(async () => ((await quotaOf()) === 1_000_000 ? true : undefined), 5000, 'both refunded');
    const polled = { drawing: mock.polls.get(drawing), song: mock.polls.get(song) };
    expect(polled.drawing).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500)); // five more poll periods
    expect({ drawing: mock.polls.get(drawing), song: mock.polls.get(song) }).toEqual(polled);
    expect(await quotaOf()).toBe(1_000_000);
    // The refunds are in the balance; their log rows follow with the next analytics insert.
    const refunds = await eventually(async () => {
      const rows = await refundRows();
      return rows.length >= 2 ? rows : undefined;
    }, 5000, 'both refunds logged');
    expect(refunds.map((row) => [row.quota, row.content]).sort()).toEqual([
      [50_000, `异步任务执行失败 ${song}，补偿 50000`],
      [50_000, `构图失败 ${drawing}，补偿 50000`],
    ]);
  });
});

/** A task whose channel an admin deleted: no upstream is left to ask, so it fails with new-api's reason and is refunded, timeout or not. */
describe('a task whose channel was deleted', () => {
  let fixture: EmbeddedFixture;
  let mock: TaskMock;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '100', TASK_TIMEOUT_MINUTES: '0' });
    mock = await startTaskMock('proxy-secret');
  });

  afterAll(async () => {
    await fixture?.close();
    await mock?.close();
  });

  it('fails and is refunded once its channel is gone', async () => {
    const [channelId] = await fixture.root.must<[number]>('POST', '/api/channel/', { name: 'mj', type: 2, key: 'proxy-secret', base_url: mock.url, models: 'mj_imagine', group: 'default' });
    const { user, key } = await userWithKey(fixture, 'dan', 1_000_000);
    const fetchTask = async (id: string) => (await (await fetch(`${fixture.tollgate.url}/mj/task/${id}/fetch`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
    const submitted = await fetch(`${fixture.tollgate.url}/mj/submit/imagine`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'stall forever' }) });
    const id = String(((await submitted.json()) as { result: string }).result);
    await eventually(async () => ((await fetchTask(id)).status === 'IN_PROGRESS' ? true : undefined));
    await fixture.root.must('DELETE', `/api/channel/${channelId}`);
    const failed = await eventually(async () => {
      const task = await fetchTask(id);
      return task.status === 'FAILURE' ? task : undefined;
    }, 5000, 'the task failed');
    expect(failed).toMatchObject({ failReason: `获取渠道信息失败，请联系管理员，渠道ID：${channelId}`, progress: '100%' });
    await eventually(async () => ((await user.must<{ quota: number }>('GET', '/api/user/self')).quota === 1_000_000 ? true : undefined), 5000, 'refunded');
  });
});
