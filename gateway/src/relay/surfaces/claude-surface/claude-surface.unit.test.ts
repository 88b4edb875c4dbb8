import { describe, expect, it } from 'vitest';
import { openAIAnswerToClaude } from './claude-answer.js';
import { openAIChunksToClaude } from './claude-stream.js';
import { claudeRequestToOpenAI } from './openai-request.js';

describe('a Messages API request as an OpenAI chat completion', () => {
  it('puts the system prompt first and turns images, tool calls and tool results into OpenAI’s forms', () => {
    const request = claudeRequestToOpenAI({
      model: 'm',
      max_tokens: 100,
      system: [{ type: 'text', text: 'Be brief.' }],
      stop_sequences: ['END'],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is in it?' }, { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'look', input: { zoom: 2 } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a cat' }] },
      ],
      tools: [{ name: 'look', description: 'Looks closer', input_schema: { type: 'object' } }],
      tool_choice: { type: 'any' },
    });
    expect(request).toEqual({
      model: 'm',
      max_tokens: 100,
      stop: ['END'],
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'What is in it?' }, { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA' } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'look', arguments: '{"zoom":2}' } }] },
        { role: 'tool', tool_call_id: 'toolu_1', content: 'a cat' },
      ],
      tools: [{ type: 'function', function: { name: 'look', description: 'Looks closer', parameters: { type: 'object' } } }],
      tool_choice: 'required',
    });
  });

  it('asks a stream for its usage', () => {
    expect(claudeRequestToOpenAI({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }], stream: true })).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    });
  });
});

describe('an OpenAI answer in Claude’s shape', () => {
  it('keeps the text, turns tool calls into tool_use blocks and maps the stop reason and usage', () => {
    const answer = openAIAnswerToClaude(
      {
        id: 'chatcmpl-42',
        choices: [{ message: { content: 'Let me look.', tool_calls: [{ id: 'call_1', function: { name: 'look', arguments: '{"zoom":2}' } }] }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 9, completion_tokens: 3 },
      },
      'claude-x',
    );
    expect(answer).toEqual({
      id: 'msg_42',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: 'call_1', name: 'look', input: { zoom: 2 } }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 9, output_tokens: 3 },
    });
  });

  it('reads a length cut as max_tokens', () => {
    expect(openAIAnswerToClaude({ choices: [{ message: { content: 'x' }, finish_reason: 'length' }] }, 'm').stop_reason).toBe('max_tokens');
  });
});

describe('OpenAI chunks as Claude stream events', () => {
  const chunk = (delta: object, finish: string | null = null) => ({ id: 'chatcmpl-7', choices: [{ index: 0, delta, finish_reason: finish }] });

  it('opens one block per text run and per tool call, and ends with the stop reason and usage', () => {
    const translator = openAIChunksToClaude('m');
    const events = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hi ' }),
      chunk({ content: 'there' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'look', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"zoom":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '2}' } }] }),
      chunk({}, 'tool_calls'),
      { id: 'chatcmpl-7', choices: [], usage: { prompt_tokens: 11, completion_tokens: 6 } },
      null,
    ].flatMap((event) => translator.onEvent(event));
    const all = [...events, ...(translator.finish?.() ?? [])];
    expect(all.map((e) => (e as { type: string }).type)).toEqual([
      'message_start',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ]);
    expect(all[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(all[5]).toEqual({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'call_1', name: 'look', input: {} } });
    expect(all[7]).toEqual({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '2}' } });
    expect(all[9]).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 11, output_tokens: 6 } });
    expect(translator.usage()).toEqual({ promptTokens: 11, completionTokens: 6 });
  });

  it('still starts and ends a message when the upstream sent nothing', () => {
    const translator = openAIChunksToClaude('m');
    expect((translator.finish?.() ?? []).map((e) => (e as { type: string }).type)).toEqual(['message_start', 'message_delta', 'message_stop']);
    expect(translator.usage()).toBeNull();
  });
});

describe('OpenAI reasoning for a Claude client', () => {
  it('is a thinking block before the text in the answer', () => {
    const answer = openAIAnswerToClaude({ choices: [{ message: { content: 'Done.', reasoning_content: 'Plan.' }, finish_reason: 'stop' }] }, 'c');
    expect(answer.content).toEqual([{ type: 'thinking', thinking: 'Plan.', signature: '' }, { type: 'text', text: 'Done.' }]);
  });
  it('streams as its own thinking block, closed when the text starts', () => {
    const translator = openAIChunksToClaude('c');
    const chunk = (delta: object) => ({ id: 'chatcmpl-1', choices: [{ index: 0, delta, finish_reason: null }] });
    const events = [chunk({ reasoning_content: 'Plan' }), chunk({ reasoning_content: '.' }), chunk({ content: 'Done.' })].flatMap((event) => translator.onEvent(event));
    expect(events.slice(1)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Plan' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: '.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Done.' } },
    ]);
  });
});
