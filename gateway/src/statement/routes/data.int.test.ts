import type { LogRow } from '@tollgate/analytics';
import { describe, expect, it } from 'vitest';
import { chdbHoldingLogs } from '../../../test/support/engines/chdb-logs.js';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { createAnalyticsUsageReader } from '../../adapters/analytics/analytics-usage-reader.js';
import { DATA_EXPORT_DISABLED } from './data.js';

/** 2024-06-01T00:00:00Z, a Saturday. */
const t0 = 1_717_200_000;
const ALICE = 2;
const BOB = 3;

function logRow(row: Partial<LogRow> & Pick<LogRow, 'id' | 'created_at' | 'user_id' | 'username'>): LogRow {
  return {
    type: 2,
    token_id: 1,
    token_name: 'default',
    channel_id: 3,
    model_name: 'gpt-4o',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: 1,
    is_stream: false,
    content: '',
    other: '{}',
    group: 'default',
    ...row,
  };
}

/** Three requests and one top-up; the token names exercise CSV quoting and formula neutralising. */
const fixture: LogRow[] = [
  logRow({ id: 'e1', created_at: t0, user_id: ALICE, username: 'alice', token_name: 'main, "prod"', quota: 75, prompt_tokens: 100, completion_tokens: 50, content: '模型倍率 1', other: '{"a":1}' }),
  logRow({ id: 'e2', created_at: t0 + 3_605, user_id: ALICE, username: 'alice', token_name: '=cmd', model_name: 'claude-3', channel_id: 4, quota: 300, prompt_tokens: 200, completion_tokens: 20, is_stream: true }),
  logRow({ id: 'e3', created_at: t0 + 60, user_id: BOB, username: 'bob', type: 1, channel_id: 0, model_name: '', token_name: '', quota: 500_000, content: 'line1\nline2' }),
  logRow({ id: 'e4', created_at: t0 + 120, user_id: BOB, username: 'bob', quota: 40, prompt_tokens: 10, completion_tokens: 5 }),
];

const querier = chdbHoldingLogs('data-routes', fixture);

/** The API over the chdb analytics holding the fixture; alice and bob get the fixture's ids. */
async function harness(options: Record<string, string> = {}) {
  const built = await buildApiHarness(options);
  built.deps.usage = createAnalyticsUsageReader(querier());
  const root = await login(built.app, 'root', ROOT_PASSWORD);
  const alice = await signUp(built.app, 'alice');
  expect(alice.userId).toBe(ALICE);
  return { ...built, root, alice };
}

const range = `start_timestamp=${t0}&end_timestamp=${t0 + 86_400}`;

describe('GET /api/data/', () => {
  it('sums every user by model per hour for administrators', async () => {
    const { root } = await harness();
    const { body } = await root.call('GET', `/api/data/?${range}`);
    expect(body).toEqual({
      success: true,
      message: '',
      data: [
        { user_id: 0, username: '', model_name: 'gpt-4o', created_at: t0, token_used: 165, count: 2, quota: 115 },
        { user_id: 0, username: '', model_name: 'claude-3', created_at: t0 + 3_600, token_used: 220, count: 1, quota: 300 },
      ],
    });
  });

  it('narrows to a username, at the granularity asked for or the option default', async () => {
    const { root } = await harness({ DataExportDefaultTime: 'day' });
    const alice = [
      { user_id: ALICE, username: 'alice', model_name: 'claude-3', created_at: t0, token_used: 220, count: 1, quota: 300 },
      { user_id: ALICE, username: 'alice', model_name: 'gpt-4o', created_at: t0, token_used: 150, count: 1, quota: 75 },
    ];
    expect((await root.call('GET', `/api/data/?${range}&username=alice`)).body.data).toEqual(alice);
    const weekly = (await root.call('GET', `/api/data/?${range}&username=alice&default_time=week`)).body.data;
    expect(weekly).toEqual(alice.map((row) => ({ ...row, created_at: t0 - 5 * 86_400 })));
    expect((await root.call('GET', `/api/data/?${range}&granularity=month`)).body).toEqual({ success: false, message: '无效的参数' });
  });

  it('is for administrators only, and answers nothing while DataExportEnabled is off', async () => {
    const { alice } = await harness();
    expect((await alice.call('GET', `/api/data/?${range}`)).status).toBe(403);
    const off = await harness({ DataExportEnabled: 'false' });
    expect((await off.root.call('GET', `/api/data/?${range}`)).body).toEqual({ success: false, message: DATA_EXPORT_DISABLED });
    expect((await off.alice.call('GET', `/api/data/self/?${range}`)).body).toEqual({ success: false, message: DATA_EXPORT_DISABLED });
  });
});

describe('GET /api/data/self/', () => {
  it("shows a user only their own rows, and at most 30 days", async () => {
    const { alice } = await harness();
    const { body } = await alice.call<Array<{ user_id: number; quota: number }>>('GET', `/api/data/self/?${range}&username=bob`);
    expect(body.data.map((row) => [row.user_id, row.quota])).toEqual([
      [ALICE, 75],
      [ALICE, 300],
    ]);
    const tooLong = await alice.call('GET', `/api/data/self/?start_timestamp=${t0}&end_timestamp=${t0 + 2_592_001}`);
    expect(tooLong.body).toEqual({ success: false, message: '时间跨度不能超过 1 个月' });
  });
});

async function download(cookie: string, userId: number, url: string, app: Awaited<ReturnType<typeof harness>>['app']) {
  return app.inject({ method: 'GET', url, headers: { cookie, 'new-api-user': String(userId) } });
}

describe('finance export', () => {
  it('streams the log rows of a range as CSV, by user then time, quoted and neutralised', async () => {
    const { app, root } = await harness();
    const response = await download(root.cookie, root.userId, `/api/log/export?format=csv&${range}`, app);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tollgate-logs-${t0}-${t0 + 86_400}.csv"`);
    expect(response.body).toBe(
      '\uFEFFid,created_at,type,user_id,username,token_name,model_name,channel,group,quota,prompt_tokens,completion_tokens,use_time,is_stream,content,other\r\n' +
        `e1,${t0},2,2,alice,"main, ""prod""",gpt-4o,3,default,75,100,50,1,false,模型倍率 1,"{""a"":1}"\r\n` +
        `e2,${t0 + 3_605},2,2,alice,'=cmd,claude-3,4,default,300,200,20,1,true,,{}\r\n` +
        `e3,${t0 + 60},1,3,bob,,,0,default,500000,0,0,1,false,"line1\nline2",{}\r\n` +
        `e4,${t0 + 120},2,3,bob,default,gpt-4o,3,default,40,10,5,1,false,,{}\r\n`,
    );
  });

  it('streams the same rows as JSON lines', async () => {
    const { app, root } = await harness();
    const response = await download(root.cookie, root.userId, `/api/log/export?format=jsonl&start_timestamp=${t0 + 100}&end_timestamp=${t0 + 200}`, app);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tollgate-logs-${t0 + 100}-${t0 + 200}.jsonl"`);
    expect(response.body).toBe(
      `{"id":"e4","created_at":${t0 + 120},"type":2,"user_id":3,"username":"bob","token_name":"default","model_name":"gpt-4o","channel":3,"group":"default","quota":40,"prompt_tokens":10,"completion_tokens":5,"use_time":1,"is_stream":false,"content":"","other":"{}"}\n`,
    );
  });

  it('streams per-user, per-model, per-day totals from the rollup', async () => {
    const { app, root } = await harness();
    const csv = await download(root.cookie, root.userId, `/api/data/export?${range}`, app);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="tollgate-daily-usage-${t0}-${t0 + 86_400}.csv"`);
    expect(csv.body).toBe(
      '\uFEFFday,user_id,username,model_name,requests,prompt_tokens,completion_tokens,quota\r\n' +
        '2024-06-01,2,alice,claude-3,1,200,20,300\r\n' +
        '2024-06-01,2,alice,gpt-4o,1,100,50,75\r\n' +
        '2024-06-01,3,bob,gpt-4o,1,10,5,40\r\n',
    );
    const jsonl = await download(root.cookie, root.userId, `/api/data/export?format=jsonl&${range}`, app);
    expect(jsonl.body.split('\n')[0]).toBe('{"day":"2024-06-01","user_id":2,"username":"alice","model_name":"claude-3","requests":1,"prompt_tokens":200,"completion_tokens":20,"quota":300}');
  });

  it('refuses users, a missing range and an unknown format before streaming anything', async () => {
    const { root, alice } = await harness();
    expect((await alice.call('GET', `/api/log/export?${range}`)).status).toBe(403);
    expect((await alice.call('GET', `/api/data/export?${range}`)).status).toBe(403);
    expect((await root.call('GET', `/api/log/export?start_timestamp=${t0}`)).body).toEqual({ success: false, message: 'start_timestamp and end_timestamp are required' });
    expect((await root.call('GET', `/api/log/export?format=xlsx&${range}`)).body).toEqual({ success: false, message: '无效的参数' });
    expect((await root.call('GET', `/api/data/export?start_timestamp=9&end_timestamp=1`)).body).toEqual({ success: false, message: '无效的参数' });
  });
});
