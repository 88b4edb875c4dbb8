import { describe, expect, it } from 'vitest';
import { openAIAnswer } from './answer.js';
import { claudeRequest, DEFAULT_MAX_TOKENS } from './request.js';
import { claudeStreamTranslator } from './stream.js';

describe('OpenAI chat request -> Claude Messages request', () => {
  it('moves system prompts out, merges same-role turns and requires max_tokens', () => {
    const request = claudeRequest({
      model: 'claude-x',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'user', content: [{ type: 'text', text: 'Look:' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ],
      stop: 'END',
      temperature: 0.2,
    });
    expect(request).toMatchObject({ model: 'claude-x', max_tokens: DEFAULT_MAX_TOKENS, system: [{ type: 'text', text: 'Be brief.' }], stop_sequences: ['END'], temperature: 0.2 });
    expect(request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'text', text: 'Look:' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }] },
    ]);
  });

  it('turns tools, tool calls and tool results into Claude blocks', () => {
    const request = claudeRequest({
      model: 'claude-x',
      max_tokens: 100,
      tools: [{ type: 'function', function: { name: 'weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      tool_choice: 'required',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      ],
    });
    expect(request.tools).toEqual([{ name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }]);
    expect(request.tool_choice).toEqual({ type: 'any' });
    expect(request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'sunny' }] },
    ]);
  });
});

describe('Claude answer -> OpenAI chat completion', () => {
  it('joins text, maps tool_use, the stop reason and usage (cached prompt tokens included, and counted apart for their price)', () => {
    const { body, usage } = openAIAnswer(
      {
        id: 'msg_1', model: 'claude-x', stop_reason: 'tool_use',
        content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } }],
        usage: { input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 7 },
      },
      'claude-x',
    );
    expect(usage).toEqual({ promptTokens: 15, completionTokens: 7, cachedPromptTokens: 5 });
    expect(body).toMatchObject({
      object: 'chat.completion', model: 'claude-x',
      choices: [{ finish_reason: 'tool_calls', message: { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] } }],
      usage: { prompt_tokens: 15, completion_tokens: 7, total_tokens: 22 },
    });
  });
});

describe('Claude stream -> OpenAI chunks', () => {
  it('translates text and tool deltas, the stop reason, and ends with a usage chunk', () => {
    const translator = claudeStreamTranslator('claude-x');
    const events = [
      { type: 'message_start', message: { id: 'msg_2', usage: { input_tokens: 12, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'lo' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_2', name: 'weather', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
      { type: 'ping' },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ];
    const chunks = events.flatMap((e) => translator.onEvent(e)) as { choices: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: object }[];
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null)).toEqual(['', 'Hel', 'lo', null, null, null, null]);
    expect(chunks[3]?.choices[0]?.delta.tool_calls).toEqual([{ index: 0, id: 'toolu_2', type: 'function', function: { name: 'weather', arguments: '' } }]);
    expect(chunks[4]?.choices[0]?.delta.tool_calls).toEqual([{ index: 0, function: { arguments: '{"city":' } }]);
    expect(chunks[5]?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(chunks[6]).toMatchObject({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 } });
    expect(translator.usage()).toEqual({ promptTokens: 12, completionTokens: 9 });
  });
});

describe('Claude thinking for an OpenAI client', () => {
  it('reaches a plain answer as reasoning_content', () => {
    const { body } = openAIAnswer({ id: 'msg_1', model: 'c', stop_reason: 'end_turn', content: [{ type: 'thinking', thinking: 'Hmm.', signature: 's' }, { type: 'text', text: 'Hi' }] }, 'c');
    expect((body as { choices: { message: object }[] }).choices[0]?.message).toEqual({ role: 'assistant', content: 'Hi', reasoning_content: 'Hmm.' });
  });
  it('streams as reasoning_content deltas; the signature is not passed on', () => {
    const translator = claudeStreamTranslator('c');
    const deltas = [
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 's' } },
    ].flatMap((event) => translator.onEvent(event));
    expect(deltas.map((chunk) => (chunk as { choices: { delta: object }[] }).choices[0]?.delta)).toEqual([{ reasoning_content: 'Hmm.' }]);
  });
});

describe("Claude's usage: cache writes by time to live, and server tools", () => {
  const usage = { input_tokens: 10, output_tokens: 0, cache_read_input_tokens: 5, cache_creation_input_tokens: 300, cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 200 } };

  it('reads the hour-long writes apart, and the web searches a message_delta reports at the end of a stream', () => {
    const stream = claudeStreamTranslator('claude-x');
    stream.onEvent({ type: 'message_start', message: { id: 'm', usage } });
    stream.onEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9, server_tool_use: { web_search_requests: 3 } } });
    expect(stream.usage()).toEqual({ promptTokens: 315, completionTokens: 9, cachedPromptTokens: 5, cacheWriteTokens: 300, cacheWrite1hTokens: 200, toolCalls: { web_search: 3 } });
  });

  it('never counts more hour-long writes than writes', () => {
    const answer = openAIAnswer({ id: 'm', model: 'claude-x', content: [], stop_reason: 'end_turn', usage: { ...usage, cache_creation_input_tokens: 50 } }, 'claude-x');
    expect(answer.usage).toMatchObject({ cacheWriteTokens: 50, cacheWrite1hTokens: 50 });
  });
});
