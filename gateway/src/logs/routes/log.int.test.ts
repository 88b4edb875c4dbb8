import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import type { LogEntry } from '@tollgate/wire';
import type { Page } from '../../api/support/paging.js';

function row(overrides: Partial<LogEntry>): LogEntry {
  return {
    id: 'r1',
    created_at: 1_700_000_000,
    type: 2,
    content: '',
    user_id: 2,
    username: 'alice',
    token_id: 3,
    token_name: 't',
    model_name: 'gpt-4o',
    quota: 100,
    prompt_tokens: 10,
    completion_tokens: 5,
    use_time: 1,
    is_stream: false,
    channel: 7,
    group: 'default',
    other: JSON.stringify({ model_ratio: 1, admin_info: { use_channel: ['7'] } }),
    ...overrides,
  };
}

describe('log routes', () => {
  it("shows users their own rows without channel or admin_info, pages from 1", async () => {
    const { app, logs } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    logs.rows = [row({ id: 'a', user_id: alice.userId }), row({ id: 'b', user_id: 99 })];
    const { body } = await alice.call<Page<Record<string, unknown>>>('GET', '/api/log/self/?p=0&page_size=500&type=0&channel=7&username=bob');
    expect(body.data).toMatchObject({ total: 1, page: 1, page_size: 100 });
    expect(body.data.items[0]).not.toHaveProperty('channel');
    expect(JSON.parse(String(body.data.items[0]?.other))).toEqual({ model_ratio: 1 });
    expect(logs.filters.at(-1)).toEqual({ userId: alice.userId });
  });

  it('gives administrators every row with the admin filters, and stats', async () => {
    const { app, logs } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    logs.rows = [row({ id: 'a' }), row({ id: 'b', channel: 8 })];
    const { body } = await root.call<Page<LogEntry>>('GET', '/api/log/?p=1&page_size=10&channel=7&username=alice&start_timestamp=1&end_timestamp=&model_name=gpt-4o');
    expect(body.data.items.map((r) => r.id)).toEqual(['a']);
    expect(body.data.items[0]?.channel).toBe(7);
    expect(logs.filters.at(-1)).toEqual({ channel: 7, username: 'alice', startTimestamp: 1, modelName: 'gpt-4o' });
    expect((await root.call('GET', '/api/log/stat?type=2')).body.data).toEqual({ quota: 200, rpm: 0, tpm: 0 });
  });

  it('deletes old rows for the super administrator only', async () => {
    const { app, logs } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const alice = await signUp(app, 'alice');
    logs.rows = [row({ created_at: 10 }), row({ created_at: 1_800_000_000 })];
    expect((await alice.call('DELETE', '/api/log/?target_timestamp=100')).status).toBe(403);
    expect((await root.call('DELETE', '/api/log/')).body.message).toBe('target timestamp is required');
    expect((await root.call('DELETE', '/api/log/?target_timestamp=100')).body.data).toBe(1);
  });
});

describe('public status routes', () => {
  it('serves the status object and the text pages', async () => {
    const { app, deps } = await buildApiHarness();
    await deps.options.set('Notice', 'hello');
    const status = (await app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(Object.keys(status.data)).toEqual(expect.arrayContaining(['system_name', 'logo', 'footer_html', 'chats', 'turnstile_site_key', 'linuxdo_client_id', 'top_up_link', 'min_topup', 'enable_online_topup', 'price', 'version', 'start_time']));
    expect((await app.inject({ method: 'GET', url: '/api/notice' })).json()).toEqual({ success: true, message: '', data: 'hello' });
    expect((await app.inject({ method: 'GET', url: '/api/about' })).json().data).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/home_page_content' })).json().success).toBe(true);
  });
});
