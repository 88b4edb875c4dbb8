import { describe, expect, it } from 'vitest';
import { cohereStreamTranslator, openAIAnswer } from './answer.js';
import { cohereRequest } from './request.js';

describe('OpenAI chat -> Cohere v1 chat', () => {
  it('puts system prompts in the preamble, the last turn in message and the rest in chat_history', () => {
    const request = cohereRequest({
      model: 'command-r',
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'hi' }] }, { role: 'assistant', content: 'hello' }, { role: 'user', content: 'again' }],
      top_p: 0.5,
      stop: 'END',
      max_tokens: 20,
    });
    expect(request).toEqual({
      model: 'command-r', preamble: 'Be brief.', message: 'again', stream: false, p: 0.5, stop_sequences: ['END'], max_tokens: 20,
      chat_history: [{ role: 'USER', message: 'hi' }, { role: 'CHATBOT', message: 'hello' }],
    });
  });
});

describe('Cohere answers -> OpenAI', () => {
  it('reads the text, the finish reason and billed units', () => {
    const { body, usage } = openAIAnswer({ response_id: 'r1', text: 'Hi', finish_reason: 'MAX_TOKENS', meta: { billed_units: { input_tokens: 4, output_tokens: 2 } } }, 'command-r');
    expect(usage).toEqual({ promptTokens: 4, completionTokens: 2 });
    expect(body).toMatchObject({ id: 'r1', model: 'command-r', choices: [{ message: { content: 'Hi' }, finish_reason: 'length' }], usage: { total_tokens: 6 } });
  });

  it('streams text-generation as content and ends with the finish and a usage chunk', () => {
    const stream = cohereStreamTranslator('command-r');
    const chunks = [
      { event_type: 'stream-start', generation_id: 'g1' },
      { event_type: 'text-generation', text: 'Hel' },
      { event_type: 'text-generation', text: 'lo' },
      { event_type: 'stream-end', finish_reason: 'COMPLETE', response: { meta: { billed_units: { input_tokens: 3, output_tokens: 2 } } } },
    ].flatMap((e) => stream.onEvent(e)) as { id: string; choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: object }[];
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null)).toEqual(['', 'Hel', 'lo', null, null]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks[4]).toMatchObject({ id: 'g1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } });
    expect(stream.usage()).toEqual({ promptTokens: 3, completionTokens: 2 });
  });
});
