import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signZhipuJwt, zhipuJwt } from './jwt.js';
import { readV3Answer, readV3Event, zhipuV3Request } from './v3.js';

const decode = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('Zhipu JWT', () => {
  it('signs api_key/exp/timestamp with HS256 and the secret, header sign_type SIGN', () => {
    const [header, payload, signature] = signZhipuJwt('my-id.my-secret', 1_000).split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    expect(decode(payload)).toEqual({ api_key: 'my-id', exp: 1_000 + 86_400_000, timestamp: 1_000 });
    expect(signature).toBe(createHmac('sha256', 'my-secret').update(`${header}.${payload}`).digest('base64url'));
  });

  it('reuses a token until shortly before expiry, then signs anew', () => {
    const first = zhipuJwt('a.b', 0);
    expect(zhipuJwt('a.b', 60_000)).toBe(first);
    expect(zhipuJwt('a.b', 86_400_000 - 60_000)).not.toBe(first);
  });
});

describe('ChatGLM v3 translation', () => {
  it('sends system prompts as user turns and asks for increments when streaming', () => {
    expect(zhipuV3Request({ stream: true, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }] })).toEqual({ prompt: [{ role: 'user', content: 's' }, { role: 'user', content: 'u' }], incremental: true });
  });

  it('reads answers, refusals, and raw-text SSE events with usage in meta', () => {
    expect(readV3Answer({ success: true, data: { task_id: 't', choices: [{ content: 'hi' }], usage: { prompt_tokens: 2, completion_tokens: 3 } } })).toEqual({ id: 't', text: 'hi', usage: { promptTokens: 2, completionTokens: 3 } });
    expect(readV3Answer({ success: false, code: 1261, msg: 'Prompt 超长' })).toEqual({ text: 'ChatGLM error 1261: Prompt 超长', usage: null, refusal: 'ChatGLM error 1261: Prompt 超长' });
    expect(readV3Event(null, 'id: 1\nevent: add\ndata: Hello \n\n')).toEqual({ text: 'Hello ', usage: null });
    expect(readV3Event(null, 'event: finish\ndata: \nmeta: {"task_id":"t","usage":{"prompt_tokens":1,"completion_tokens":4}}\n\n')).toEqual({ id: 't', text: '', usage: { promptTokens: 1, completionTokens: 4 }, finishReason: 'stop' });
    expect(readV3Event(null, ': keep-alive\n\n')).toBeNull();
  });
});
