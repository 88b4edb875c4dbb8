import { describe, expect, it } from 'vitest';
import { dashScopeRequest, readDashScope } from './dashscope.js';

describe('DashScope translation', () => {
  it('wraps messages in input and options in parameters, in message form', () => {
    expect(dashScopeRequest({ model: 'qwen-turbo', stream: true, top_p: 0.8, max_tokens: 9, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }] })).toEqual({
      model: 'qwen-turbo',
      input: { messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }] },
      parameters: { result_format: 'message', incremental_output: true, top_p: 0.8, max_tokens: 9 },
    });
  });

  it('reads choices, the "null" finish reason of an unfinished event, usage and errors', () => {
    const event = (finish: string) => ({ request_id: 'r', output: { choices: [{ finish_reason: finish, message: { role: 'assistant', content: 'a' } }] }, usage: { input_tokens: 3, output_tokens: 1 } });
    expect(readDashScope(event('null'))).toEqual({ id: 'r', text: 'a', usage: { promptTokens: 3, completionTokens: 1 }, finishReason: null });
    expect(readDashScope(event('stop')).finishReason).toBe('stop');
    expect(readDashScope({ code: 'InvalidApiKey', message: 'Invalid API-key provided.' })).toMatchObject({ text: 'DashScope error InvalidApiKey: Invalid API-key provided.', usage: null });
  });
});
