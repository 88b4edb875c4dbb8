import { describe, expect, it } from 'vitest';
import { openAIAnswer } from './answer.js';
import { geminiRequest } from './request.js';
import { geminiStreamTranslator } from './stream.js';

describe('OpenAI chat request -> Gemini generateContent', () => {
  it('maps roles, system instruction, images, generation config and tools', () => {
    const request = geminiRequest({
      model: 'gemini-x',
      max_tokens: 50,
      temperature: 0.3,
      stop: ['END'],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,QUJD' } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } }] },
        { role: 'tool', tool_call_id: 'call_0', content: 'a cat' },
      ],
      tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', additionalProperties: false, properties: { q: { type: 'string' } } } } }],
      tool_choice: 'required',
    });
    expect(request).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.3, maxOutputTokens: 50, stopSequences: ['END'] },
      contents: [
        { role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/jpeg', data: 'QUJD' } }] },
        { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'cat' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { content: 'a cat' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'lookup', description: undefined, parameters: { type: 'object', properties: { q: { type: 'string' } } } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
  });
});

describe('Gemini answer -> OpenAI chat completion', () => {
  it('joins text, maps function calls, the finish reason and usage (thinking billed as completion)', () => {
    const { body, usage } = openAIAnswer(
      {
        candidates: [{ content: { parts: [{ text: 'Let me look.' }, { functionCall: { name: 'lookup', args: { q: 'cat' } } }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 5, thoughtsTokenCount: 2 },
      },
      'gemini-x',
    );
    expect(usage).toEqual({ promptTokens: 8, completionTokens: 7 });
    expect(body).toMatchObject({
      choices: [{ finish_reason: 'tool_calls', message: { content: 'Let me look.', tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } }] } }],
      usage: { prompt_tokens: 8, completion_tokens: 7, total_tokens: 15 },
    });
  });

  it('reports MAX_TOKENS as length and SAFETY as content_filter', () => {
    const answer = (finishReason: string) => openAIAnswer({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason }] }, 'g').body as { choices: { finish_reason: string }[] };
    expect(answer('MAX_TOKENS').choices[0]?.finish_reason).toBe('length');
    expect(answer('SAFETY').choices[0]?.finish_reason).toBe('content_filter');
  });
});

describe('Gemini stream -> OpenAI chunks', () => {
  it('streams text deltas, the finish reason, and usage when the stream ends', () => {
    const translator = geminiStreamTranslator('gemini-x');
    const chunks = [
      { candidates: [{ content: { parts: [{ text: 'Hel' }] } }] },
      { candidates: [{ content: { parts: [{ text: 'lo' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2 } },
    ].flatMap((e) => translator.onEvent(e)) as { choices: { delta: { content?: string }; finish_reason: string | null }[] }[];
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null)).toEqual(['', 'Hel', 'lo', null]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe('stop');
    expect(translator.finish?.()).toEqual([expect.objectContaining({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 } })]);
  });
});

describe('Gemini thought parts for an OpenAI client', () => {
  const parts = [{ text: 'Plan.', thought: true }, { text: 'Done.' }];
  it('reach a plain answer as reasoning_content, apart from the text', () => {
    const { body } = openAIAnswer({ candidates: [{ content: { parts }, finishReason: 'STOP' }] }, 'g');
    expect((body as { choices: { message: object }[] }).choices[0]?.message).toEqual({ role: 'assistant', content: 'Done.', reasoning_content: 'Plan.' });
  });
  it('stream as a reasoning_content delta before the text', () => {
    const chunks = geminiStreamTranslator('g').onEvent({ candidates: [{ content: { parts } }] });
    expect(chunks.map((chunk) => (chunk as { choices: { delta: object }[] }).choices[0]?.delta)).toEqual([{ role: 'assistant', content: '' }, { reasoning_content: 'Plan.' }, { content: 'Done.' }]);
  });
});
