import { describe, expect, it } from 'vitest';
import { textChatTranslation } from '../shared/text-chat.js';
import { ernieEndpoint, ernieRequest, readErnieAnswer, readErnieEvent } from './ernie.js';

describe('Baidu ERNIE translation', () => {
  it('puts system prompts in `system` and maps sampling options', () => {
    const body = ernieRequest({ model: 'ERNIE-4.0-8K', stream: true, temperature: 0.5, max_tokens: 20, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'hi' }] }, { role: 'assistant', content: 'yo' }] });
    expect(body).toEqual({ system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }], temperature: 0.5, max_output_tokens: 20, stream: true });
  });

  it('names endpoints: known aliases, else the lower-cased model', () => {
    expect([ernieEndpoint('ERNIE-4.0-8K'), ernieEndpoint('ERNIE-Bot-turbo'), ernieEndpoint('ERNIE-4.0-Turbo-8K')]).toEqual(['completions_pro', 'eb-instant', 'ernie-4.0-turbo-8k']);
  });

  it('reads an answer, an error and stream events into OpenAI shapes', () => {
    expect(readErnieAnswer({ id: 'as-1', result: 'hey', usage: { prompt_tokens: 3, completion_tokens: 4 } })).toEqual({ id: 'as-1', text: 'hey', usage: { promptTokens: 3, completionTokens: 4 } });
    expect(readErnieAnswer({ error_code: 110, error_msg: 'Access token invalid' })).toMatchObject({ usage: null, text: 'ERNIE error 110: Access token invalid' });
    const stream = textChatTranslation(readErnieAnswer, readErnieEvent).stream('m');
    const chunks = [...stream.onEvent({ id: 'as-2', result: 'a ', is_end: false }, ''), ...stream.onEvent({ id: 'as-2', result: 'b', is_end: true, usage: { prompt_tokens: 1, completion_tokens: 2 } }, ''), ...(stream.finish?.() ?? [])];
    expect(chunks.map((c) => (c as { choices: { delta?: object; finish_reason: string | null }[] }).choices[0] ?? null)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      { index: 0, delta: { content: 'a ' }, finish_reason: null },
      { index: 0, delta: { content: 'b' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      null,
    ]);
    expect(chunks.at(-1)).toMatchObject({ id: 'as-2', usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } });
  });

  it('finishes a turn ERNIE blocked for safety (need_clear_history) as content_filter, not stop', () => {
    expect(readErnieAnswer({ result: 'no', need_clear_history: true, usage: { prompt_tokens: 1, completion_tokens: 1 } })).toMatchObject({ finishReason: 'content_filter' });
    expect(readErnieEvent({ result: 'no', is_end: true, need_clear_history: true })).toMatchObject({ finishReason: 'content_filter' });
    expect(readErnieEvent({ result: 'a', is_end: false, need_clear_history: true })).toMatchObject({ finishReason: null });
  });
});
