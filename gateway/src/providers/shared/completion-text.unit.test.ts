import { describe, expect, it } from 'vitest';
import { claudeAnswerText, claudeEventText, geminiResponseText, openAIAnswerText, openAIChunkText, responsesAnswerText, responsesEventText } from './completion-text.js';

describe('the completion text of an OpenAI answer', () => {
  it('reads content, reasoning and every tool call of every choice', () => {
    const answer = {
      choices: [
        { message: { content: 'Sure.', reasoning_content: 'Think first.', tool_calls: [{ function: { name: 'look', arguments: '{"zoom":2}' } }] } },
        { message: { content: [{ type: 'text', text: 'Parts ' }, { type: 'text', text: 'too' }], reasoning: 'OpenRouter style' } },
      ],
    };
    expect(openAIAnswerText(answer)).toBe('Think first.Sure.look{"zoom":2}OpenRouter styleParts too');
  });
  it('reads the legacy function_call and a legacy completion’s text', () => {
    expect(openAIAnswerText({ choices: [{ message: { content: null, function_call: { name: 'f', arguments: '{}' } } }] })).toBe('f{}');
    expect(openAIAnswerText({ choices: [{ text: 'once upon' }] })).toBe('once upon');
  });
  it('reads nothing from an answer without choices (embeddings, images)', () => {
    expect(openAIAnswerText({ data: [{ embedding: [0.1] }] })).toBe('');
    expect(openAIAnswerText(null)).toBe('');
  });
  it('reads a chunk’s delta the same way', () => {
    expect(openAIChunkText({ choices: [{ delta: { reasoning_content: 'hmm ' } }] })).toBe('hmm ');
    expect(openAIChunkText({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{"a":' } }] } }] })).toBe('{"a":');
    expect(openAIChunkText({ choices: [], usage: { prompt_tokens: 1 } })).toBe('');
  });
});

describe('the completion text of a Claude answer', () => {
  it('reads text, thinking and a tool call’s name and input', () => {
    const answer = { content: [{ type: 'thinking', thinking: 'Let me see.', signature: 'sig' }, { type: 'text', text: 'Looking.' }, { type: 'tool_use', id: 't', name: 'look', input: { zoom: 2 } }] };
    expect(claudeAnswerText(answer)).toBe('Let me see.Looking.look{"zoom":2}');
  });
  it('reads each stream event: a tool block’s name, text, thinking and input deltas, nothing else', () => {
    const events = [
      { type: 'message_start', message: { usage: { input_tokens: 3 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'xyz' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 't', name: 'look', input: {} } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"zoom":2}' } },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
    ];
    expect(events.map(claudeEventText).join('')).toBe('Hmm.Hilook{"zoom":2}');
  });
});

describe('the completion text of a Gemini answer or stream event', () => {
  it('reads text parts, thoughts included, and function calls', () => {
    const response = { candidates: [{ content: { parts: [{ text: 'Plan.', thought: true }, { text: 'Done.' }, { functionCall: { name: 'look', args: { zoom: 2 } } }] } }] };
    expect(geminiResponseText(response)).toBe('Plan.Done.look{"zoom":2}');
    expect(geminiResponseText({ usageMetadata: { promptTokenCount: 3 } })).toBe('');
  });
});

describe('the completion text of a Responses API answer', () => {
  it('reads messages, reasoning summaries and function calls', () => {
    const answer = {
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Weighing it.' }] },
        { type: 'message', content: [{ type: 'output_text', text: 'Here.' }] },
        { type: 'function_call', name: 'look', arguments: '{"zoom":2}' },
      ],
    };
    expect(responsesAnswerText(answer)).toBe('Weighing it.Here.look{"zoom":2}');
  });
  it('reads the text, reasoning and argument deltas of a stream, and a call’s name as it is added', () => {
    const events = [
      { type: 'response.created', response: {} },
      { type: 'response.reasoning_summary_text.delta', delta: 'Weighing.' },
      { type: 'response.output_text.delta', delta: 'Here.' },
      { type: 'response.output_item.added', item: { type: 'function_call', name: 'look', arguments: '' } },
      { type: 'response.function_call_arguments.delta', delta: '{"zoom":2}' },
      { type: 'response.function_call_arguments.done', arguments: '{"zoom":2}' },
      { type: 'response.output_text.done', text: 'Here.' },
    ];
    expect(events.map(responsesEventText).join('')).toBe('Weighing.Here.look{"zoom":2}');
  });
});
