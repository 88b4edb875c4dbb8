import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';
import { PROTOTYPE_NAMES, prototypeIntact, prototypeKeyedJson, type SurfaceCall, surfaceCalls, withPrototypeKeys } from '../support/inputs/prototype-names.js';
import { MODELS, relayHeaders, startThreeChannels, type ThreeChannels } from '../support/gateways/three-channels.js';

/** Regression tests of issue #23 item 4: each input that came back as a 500 or a 502 from our own code. */

/** JSON text nested `depth` levels deep (built as text: JSON.stringify itself would overflow). */
const nested = (depth: number) => `${'{"content":['.repeat(depth)}"x"${']}'.repeat(depth)}`;

describe('odd input answered 4xx in the surface’s own shape, never 5xx', () => {
  let world: ThreeChannels;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(world.fixture.tollgate.url + path, { method: 'POST', headers: relayHeaders(world.key), body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    world = await startThreeChannels();
  });
  afterAll(() => world?.close());

  it('messages_null_element_is_a_400_naming_the_message (was a 500 in prompt counting)', async () => {
    const answer = await post('/v1/chat/completions', { model: MODELS.openai, messages: [null] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/messages\/0/) } });
  });

  it('deeply_nested_content_is_a_400_on_every_surface (was a stack overflow in text counting)', async () => {
    const before = world.upstreamCalls();
    const openai = await post('/v1/chat/completions', `{"model":"${MODELS.openai}","messages":[{"role":"user","content":[${nested(5000)}]}]}`);
    expect(openai.status).toBe(400);
    expect(openai.body).toMatchObject({ error: { code: 'GW_ERR_BODY_TOO_DEEP', message: expect.stringContaining('messages.0.content.0') } });
    const claude = await post('/v1/messages', `{"model":"${MODELS.claude}","max_tokens":8,"messages":[{"role":"user","content":[${nested(5000)}]}]}`);
    expect(claude.status).toBe(400);
    expect(claude.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('deeper than 64') } });
    const gemini = await post(`/v1beta/models/${MODELS.gemini}:generateContent`, `{"contents":[${nested(5000)}]}`);
    expect(gemini.status).toBe(400);
    expect(gemini.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('contents.0') } });
    expect(world.upstreamCalls()).toBe(before);
  });

  it('non_text_content_to_a_claude_or_gemini_channel_is_a_400_naming_the_part (was a silent 502 upstream_unreachable)', async () => {
    const before = world.upstreamCalls();
    for (const model of [MODELS.claude, MODELS.gemini]) {
      const answer = await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: { not: 'text' } }] });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/messages\/0\/content/) } });
      const part = await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: [null] }] });
      expect(part.status).toBe(400);
      expect(part.body).toMatchObject({ error: { message: expect.stringMatching(/messages\/0\/content/) } });
    }
    expect(world.upstreamCalls()).toBe(before);
  });

  it('junk_tools_to_a_claude_or_gemini_channel_is_a_400_naming_tools (was a silent 502 upstream_unreachable)', async () => {
    const before = world.upstreamCalls();
    for (const model of [MODELS.claude, MODELS.gemini]) {
      for (const tools of ['junk', [null], [{ type: 'function', function: { name: 7 } }]]) {
        const answer = await post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'hi' }], tools });
        expect(answer.status, JSON.stringify(tools)).toBe(400);
        expect(answer.body).toMatchObject({ error: { message: expect.stringMatching(/tools/) } });
      }
    }
    expect(world.upstreamCalls()).toBe(before);
  });

  it('a_request_the_channel_protocol_cannot_express_is_a_400_convert_request_failed_naming_the_part (was a silent 502)', async () => {
    // An OpenAI custom tool's call has no `function`: an OpenAI channel takes it, a translation cannot.
    const messages = [{ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'custom', custom: { name: 'grep', input: 'x' } }] }, { role: 'user', content: 'go on' }];
    const before = world.upstreamCalls();
    for (const model of [MODELS.claude, MODELS.gemini]) {
      const answer = await post('/v1/chat/completions', { model, messages });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'convert_request_failed', type: 'invalid_request_error', message: expect.stringContaining('messages[0].tool_calls[0].function') } });
    }
    expect(world.upstreamCalls()).toBe(before);
    expect((await post('/v1/chat/completions', { model: MODELS.openai, messages })).status).toBe(200);
  });

  it('a_wrong_typed_claude_or_gemini_body_is_answered_in_that_surface’s_error_shape', async () => {
    const claude = await post('/v1/messages', { model: MODELS.openai, max_tokens: 8, messages: [null] });
    expect(claude).toMatchObject({ status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: expect.stringMatching(/messages\/0/) } } });
    const gemini = await post(`/v1beta/models/${MODELS.openai}:generateContent`, { contents: [{ parts: 'hi' }] });
    expect(gemini).toMatchObject({ status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringMatching(/contents\/0\/parts/) } } });
  });

  describe('log, stat and data queries outside ClickHouse’s DateTime and UInt8 (were 500s from its parse errors)', () => {
    // Only calls' rows (type 2) are counted: other rows (root's opening grant) are logged
    // asynchronously and may land while these tests compare totals.
    beforeAll(async () => {
      const answer = await post('/v1/chat/completions', { model: MODELS.openai, messages: [{ role: 'user', content: 'one logged call' }] });
      expect(answer.status).toBe(200);
      // Earlier tests' answered calls are logged too; wait until the count stops moving (three equal reads 0.5 s apart).
      const seen: number[] = [];
      await eventually(
        async () => {
          seen.push((await world.fixture.root.must<{ total: number }>('GET', '/api/log/?type=2')).total);
          await new Promise((r) => setTimeout(r, 500));
          const last = seen.slice(-3);
          return last.length === 3 && last[0]! >= 1 && last.every((n) => n === last[0]) ? true : undefined;
        },
        30_000,
        'the calls logged',
      );
      await world.fixture.root.must('PUT', '/api/option/', { key: 'DataExportEnabled', value: 'true' });
    });

    const total = async (path: string) => {
      const answer = await world.fixture.root.call<{ total: number; items: unknown[] }>('GET', path);
      expect(answer.success, `${path}: ${answer.message}`).toBe(true);
      return answer.data.total;
    };

    it('start_timestamp_under_10000_bounds_nothing (every row is later)', async () => {
      const all = await total('/api/log/?type=2');
      expect(all).toBeGreaterThanOrEqual(1);
      expect(await total('/api/log/?type=2&start_timestamp=5')).toBe(all);
      expect(await total('/api/log/?type=2&start_timestamp=9999&end_timestamp=4000000000')).toBe(all);
      const own = (await world.user.must<{ total: number }>('GET', '/api/log/self/')).total;
      expect(await world.user.call('GET', '/api/log/self/?start_timestamp=1')).toMatchObject({ success: true, data: { total: own } });
      expect(await world.user.call('GET', '/api/log/self/stat?start_timestamp=1')).toMatchObject({ success: true, data: { quota: expect.any(Number) } });
    });

    it('negative_timestamps_read_as_new_api_reads_them: a negative start bounds nothing, a negative end matches nothing', async () => {
      expect(await total('/api/log/?type=2&start_timestamp=-5')).toBe(await total('/api/log/?type=2'));
      expect(await total('/api/log/?end_timestamp=-3')).toBe(0);
      expect(await world.fixture.root.call('GET', '/api/log/stat?end_timestamp=-3')).toMatchObject({ success: true, data: { quota: 0 } });
    });

    it('type_minus_one_matches_no_row', async () => {
      expect(await total('/api/log/?type=-1')).toBe(0);
      expect(await total('/api/log/?type=99999')).toBe(0);
      expect(await world.fixture.root.call('GET', '/api/log/stat?type=-1&start_timestamp=3')).toMatchObject({ success: true });
    });

    it('huge_page_number_is_an_empty_page', async () => {
      const answer = await world.fixture.root.call<{ total: number; items: unknown[] }>('GET', `/api/log/?type=2&p=${Number.MAX_SAFE_INTEGER}&page_size=100`);
      expect(answer).toMatchObject({ success: true, data: { total: await total('/api/log/?type=2'), items: [] } });
      expect(await world.user.call('GET', '/api/log/self/?p=9007199254740990')).toMatchObject({ success: true, data: { items: [] } });
      // Past the safe integers a number is unreadable, so absent, as Atoi's error leaves it: the first page.
      expect(await world.fixture.root.call('GET', '/api/log/?p=99999999999999999999')).toMatchObject({ success: true, data: { page: 1 } });
    });

    it('data_without_parameters_is_an_empty_result_as_in_new_api', async () => {
      expect(await world.fixture.root.call('GET', '/api/data/')).toEqual({ success: true, message: '', data: [] });
      expect(await world.fixture.root.call('GET', '/api/data/?start_timestamp=5&end_timestamp=100')).toEqual({ success: true, message: '', data: [] });
      // The hourly rollup the dashboard reads is written a moment after the log row the beforeAll waited for.
      const rolledUp = await eventually(async () => {
        const answer = await world.fixture.root.call<unknown[]>('GET', '/api/data/?start_timestamp=-5&end_timestamp=99999999999');
        return answer.success && answer.data.length > 0 ? answer : undefined;
      }, 10_000, 'the call in the dashboard rollup');
      expect(rolledUp).toMatchObject({ success: true, data: [expect.objectContaining({ model_name: MODELS.openai, count: expect.any(Number) })] });
      expect(await world.user.call('GET', '/api/data/self/?start_timestamp=-10&end_timestamp=-1')).toEqual({ success: true, message: '', data: [] });
    });

    it('delete_with_a_cutoff_under_10000_deletes_nothing', async () => {
      expect(await world.fixture.root.call('DELETE', '/api/log/?target_timestamp=5')).toEqual({ success: true, message: '', data: 0 });
    });
  });
});

describe('a stalled upload', () => {
  it('stalled_upload_is_cut_after_BODY_TIMEOUT_MS_and_the_server_stays_up', async () => {
    const fixture = await startEmbeddedFixture({}, { BODY_TIMEOUT_MS: '500' });
    try {
      const { port } = new URL(fixture.tollgate.url);
      const socket = connect(Number(port), '127.0.0.1');
      const started = Date.now();
      let received = '';
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('error', () => {});
      socket.write('POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":"ro');
      await closed;
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(450);
      expect(elapsed).toBeLessThan(3_000);
      if (received) expect(received).toMatch(/^HTTP\/1\.1 408[^]*"success":false,"message":"the request did not arrive whole within BODY_TIMEOUT_MS"/);
      const status = await fetch(`${fixture.tollgate.url}/api/status`);
      expect(status.status).toBe(200);
    } finally {
      await fixture.close();
    }
  });
});

/**
 * Issue #33 item 0: `{"model":"__proto__"}` ended the process through the ops meter's plain-object
 * tallies, and `constructor`, `toString`, `hasOwnProperty` answered 500. Here every prototype name is
 * a model a channel serves, a group, a token name, a username and a key of JSON options and bodies,
 * on every surface; the embedded server shares this process, so a polluted Object.prototype shows here.
 */
describe('prototype names as model, group, token and user names and as JSON keys', () => {
  let world: ThreeChannels;
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
  const served = PROTOTYPE_NAMES.filter((name) => name !== 'prototype');
  const url = () => world.fixture.tollgate.url;

  const send = async (call: SurfaceCall, key: string, client = world.user) => {
    const response = call.session
      ? await client.sendRaw('POST', call.path, call.body as string)
      : await fetch(url() + call.path, { method: 'POST', headers: typeof call.body === 'string' ? relayHeaders(key) : { authorization: `Bearer ${key}` }, body: call.body });
    return { status: response.status, text: (await response.text()).slice(0, 300) };
  };
  const stillUp = async () => {
    expect((await fetch(`${url()}/api/status`)).status).toBe(200);
    expect(prototypeIntact(prototypeBefore)).toBe(true);
  };
  /** new-api's deliberate 503 for a model no channel serves (see the fuzz's isNoChannel); anything else must be under 500. */
  const notOurFault = (answer: { status: number; text: string }) => answer.status < 500 || (answer.status === 503 && /model_not_found|无可用渠道/.test(answer.text));

  beforeAll(async () => {
    world = await startThreeChannels();
    const root = world.fixture.root;
    const ratios = { [MODELS.openai]: 1, [MODELS.claude]: 1, [MODELS.gemini]: 1 };
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: prototypeKeyedJson(() => 1, ratios) });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: prototypeKeyedJson(() => 1, ratios) });
    await root.must('POST', '/api/channel/', { name: 'prototype-names', type: 1, key: 'sk-proto', base_url: world.fixture.upstream.url, models: served.join(','), group: 'default' });
  });
  afterAll(() => world?.close());

  it('a_served_prototype_model_name_is_answered_on_every_surface_and_the_server_stays_up (was a 500, and __proto__ ended the process)', async () => {
    for (const name of PROTOTYPE_NAMES) {
      for (const call of surfaceCalls(name)) {
        const answer = await send(call, world.key);
        expect(notOurFault(answer), `${name} ${call.path}: ${answer.status} ${answer.text}`).toBe(true);
      }
      await stillUp();
    }
    for (const name of served) {
      const [chat] = surfaceCalls(name);
      expect((await send(chat!, world.key)).status, name).toBe(200);
    }
  });

  it('a_prototype_name_where_the_client_picks_a_size_voice_format_method_or_group_is_a_4xx_or_served', async () => {
    for (const name of PROTOTYPE_NAMES) {
      for (const call of surfaceCalls(MODELS.openai, name)) {
        const answer = await send(call, world.key);
        expect(notOurFault(answer), `${name} ${call.path}: ${answer.status} ${answer.text}`).toBe(true);
      }
    }
    await stillUp();
  });

  it('bodies_with_prototype_keys_pollute_nothing', async () => {
    for (const call of [...surfaceCalls(MODELS.openai), ...surfaceCalls(MODELS.claude)]) {
      if (typeof call.body !== 'string') continue;
      const answer = await send({ ...call, body: withPrototypeKeys(call.body) }, world.key);
      expect(answer.status, `${call.path}: ${answer.text}`).toBeLessThan(500);
    }
    const nested = JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }).replace('{"role"', '{"__proto__":{"role":"system"},"role"');
    const answer = await send({ path: '/v1/chat/completions', body: nested }, world.key);
    expect([200, 400], answer.text).toContain(answer.status);
    await stillUp();
  });

  it('prototype_names_are_ordinary_token_names_and_usernames', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const { key } = await createTokenKey(world.user, { name, remain_quota: 100_000, expired_time: -1 });
      expect((await send(surfaceCalls(MODELS.openai)[0]!, key)).status, name).toBe(200);
      const user = new ConsoleClient(url());
      const registered = await user.call('POST', '/api/user/register', { username: name, password: `${name}-password`, password2: `${name}-password` });
      if (name.length > 12) expect(registered).toMatchObject({ success: false, message: expect.stringContaining('12') });
      else {
        expect(registered, name).toMatchObject({ success: true });
        expect((await user.login(name, `${name}-password`)).success).toBe(true);
        expect(await user.must<{ username: string }>('GET', '/api/user/self')).toMatchObject({ username: name });
      }
    }
    const names = (await world.user.must<{ items: { name: string }[] }>('GET', '/api/token/?p=1&size=100')).items.map((token) => token.name);
    expect(names).toEqual(expect.arrayContaining([...PROTOTYPE_NAMES]));
    await stillUp();
  });

  it('a_prototype_group_is_refused_with_a_4xx_until_root_prices_it_then_served', async () => {
    const root = world.fixture.root;
    const { user, key } = await (async () => {
      const client = new ConsoleClient(url());
      await client.must('POST', '/api/user/register', { username: 'grouper', password: 'grouper-password', password2: 'grouper-password' });
      await client.login('grouper', 'grouper-password');
      const self = await client.must<{ id: number }>('GET', '/api/user/self');
      await root.must('PUT', '/api/user/', { id: self.id, quota: 1_000_000 });
      return { user: client, key: (await createTokenKey(client, { name: 'grouper-key', remain_quota: 1_000_000, expired_time: -1 })).key };
    })();
    const self = await user.must<{ id: number }>('GET', '/api/user/self');
    for (const name of PROTOTYPE_NAMES) {
      expect(await user.call('POST', '/api/token/', { name: 'g', group: name }), name).toMatchObject({ success: false });
      await root.must('PUT', '/api/user/', { id: self.id, group: name });
      // A user's own group needs no ratio (new-api): no channel serves it, so new-api's 503 model_not_found.
      const refused = await send(surfaceCalls(MODELS.openai)[0]!, key, user);
      expect(refused.status, `${name}: ${refused.text}`).toBeGreaterThanOrEqual(400);
      expect(notOurFault(refused), `${name}: ${refused.text}`).toBe(true);
      const playground = await send(surfaceCalls(MODELS.openai, name).at(-1)!, key, user);
      expect(playground.status, `${name}: ${playground.text}`).toBeLessThan(500);
    }
    // Once root lists and prices the groups, they are groups like any other.
    await root.must('PUT', '/api/option/', { key: 'GroupRatio', value: prototypeKeyedJson(() => 1, { default: 1 }) });
    await root.must('PUT', '/api/option/', { key: 'UserUsableGroups', value: prototypeKeyedJson((name) => `${name} group`, { default: '默认分组' }) });
    await root.must('POST', '/api/channel/', { name: 'grouped', type: 1, key: 'sk-g', base_url: world.fixture.upstream.url, models: MODELS.openai, group: PROTOTYPE_NAMES.join(',') });
    for (const name of PROTOTYPE_NAMES) {
      await root.must('PUT', '/api/user/', { id: self.id, group: name });
      const { key: grouped } = await createTokenKey(user, { name: `in-${name}`.slice(0, 20), group: name, remain_quota: 100_000, expired_time: -1 });
      const answer = await send(surfaceCalls(MODELS.openai)[0]!, grouped, user);
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
    }
    await stillUp();
  });

  it('prototype_keys_in_json_map_options_and_channel_mappings_are_own_keys', async () => {
    const root = world.fixture.root;
    const limits = prototypeKeyedJson(() => [1000, 1000], { default: [1000, 1000] });
    for (const [key, value] of [
      ['ModelRequestRateLimitGroup', limits],
      ['ModelPrice', prototypeKeyedJson(() => ({ polluted: true }))],
      ['TopupGroupRatio', prototypeKeyedJson(() => 2)],
      ['ModelMaxOutputTokens', prototypeKeyedJson(() => 'x')],
    ] as const) {
      const answer = await root.call('PUT', '/api/option/', { key, value });
      expect(typeof answer.success, key).toBe('boolean');
    }
    const mapping = prototypeKeyedJson(() => MODELS.openai);
    const codes = prototypeKeyedJson(() => '599', { '200': '200' });
    const channel = await root.call('POST', '/api/channel/', { name: 'mapped', type: 1, key: 'sk-m', base_url: world.fixture.upstream.url, models: served.join(','), group: 'default', model_mapping: mapping, status_code_mapping: codes });
    expect(channel.success).toBe(true);
    for (const name of PROTOTYPE_NAMES) {
      for (const call of surfaceCalls(name).slice(0, 4)) {
        const answer = await send(call, world.key);
        expect(notOurFault(answer), `${name} ${call.path}: ${answer.status} ${answer.text}`).toBe(true);
      }
    }
    expect((await send(surfaceCalls(MODELS.openai)[0]!, world.key)).status).toBe(200);
    await stillUp();
  });
});
