import { describe, expect, it } from 'vitest';
import { difyStreamTranslator, openAIAnswer } from './answer.js';
import { difyRequest } from './request.js';

describe('OpenAI chat -> Dify chat-messages', () => {
  it('sends the exchange as one query with role labels, streaming when asked', () => {
    expect(difyRequest({ messages: [{ role: 'developer', content: 'Rules' }, { role: 'user', content: [{ type: 'text', text: 'hi' }] }, { role: 'assistant', content: 'yo' }], stream: true })).toEqual({
      inputs: {}, query: 'SYSTEM: \nRules\nUSER: \nhi\nASSISTANT: \nyo\n', response_mode: 'streaming', user: 'tollgate', files: [],
    });
  });
});

describe('Dify answers -> OpenAI', () => {
  it('reads a blocking answer and its metadata.usage', () => {
    const { body, usage } = openAIAnswer({ event: 'message', message_id: 'm1', answer: 'Hi', metadata: { usage: { prompt_tokens: 5, completion_tokens: 2 } } }, 'app');
    expect(usage).toEqual({ promptTokens: 5, completionTokens: 2 });
    expect(body).toMatchObject({ id: 'm1', choices: [{ message: { content: 'Hi' }, finish_reason: 'stop' }] });
  });

  it('streams message and agent_message pieces, ignores workflow events, ends with usage; an error event becomes an error', () => {
    const stream = difyStreamTranslator('app');
    const chunks = [
      { event: 'workflow_started' },
      { event: 'message', message_id: 'm2', answer: 'He' },
      { event: 'agent_message', message_id: 'm2', answer: 'y' },
      { event: 'message_end', metadata: { usage: { prompt_tokens: 3, completion_tokens: 1 } } },
    ].flatMap((e) => stream.onEvent(e)) as { choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[]; usage?: object }[];
    expect(chunks.map((c) => c.choices[0]?.delta ?? null)).toEqual([{ role: 'assistant', content: 'He' }, { content: 'y' }, {}, null]);
    expect(chunks[3]).toMatchObject({ id: 'm2', usage: { prompt_tokens: 3, completion_tokens: 1 } });
    expect(difyStreamTranslator('app').onEvent({ event: 'error', message: 'quota exceeded' })).toEqual([{ error: { message: 'quota exceeded', type: 'upstream_error' } }]);
  });
});
