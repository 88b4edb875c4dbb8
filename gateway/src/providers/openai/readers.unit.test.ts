import { describe, expect, it } from 'vitest';
import { rerankUsage } from './rerank.js';
import { responsesReader } from './responses.js';
import { durationTokens, readTranscription, transcriptionStreamReader } from './transcription.js';

describe('the Responses API reader', () => {
  it('reads input and output tokens from an answer and from the closing stream event only', () => {
    expect(responsesReader.usageOfAnswer({ usage: { input_tokens: 12, output_tokens: 30, total_tokens: 42 } })).toEqual({ promptTokens: 12, completionTokens: 30 });
    expect(responsesReader.usageOfChunk({ type: 'response.created', response: { usage: null } })).toBeNull();
    expect(responsesReader.usageOfChunk({ type: 'response.completed', response: { usage: { input_tokens: 3, output_tokens: 4 } } })).toEqual({ promptTokens: 3, completionTokens: 4 });
    expect(responsesReader.textOfChunk({ type: 'response.output_text.delta', delta: 'Hi' })).toBe('Hi');
    expect(responsesReader.textOfChunk({ type: 'response.output_text.done', text: 'Hi' })).toBe('');
  });

  it('counts the web and file searches among the output items, and the cached input, for their prices', () => {
    const output = [{ type: 'web_search_call' }, { type: 'message' }, { type: 'web_search_call' }, { type: 'file_search_call' }, { type: 'toString' }, null];
    const answer = { usage: { input_tokens: 100, output_tokens: 5, input_tokens_details: { cached_tokens: 40 } }, output };
    expect(responsesReader.usageOfAnswer(answer)).toEqual({ promptTokens: 100, completionTokens: 5, cachedPromptTokens: 40, toolCalls: { web_search_preview: 2, file_search: 1 } });
    expect(responsesReader.usageOfChunk({ type: 'response.completed', response: answer })).toMatchObject({ toolCalls: { web_search_preview: 2, file_search: 1 } });
  });
});

describe('the transcription reader', () => {
  it('takes token usage, or a duration at 1000 tokens a minute rounded up to whole seconds', () => {
    expect(readTranscription('{"text":"hi","usage":{"type":"tokens","input_tokens":14,"output_tokens":45,"total_tokens":59}}', 'json').usage).toEqual({ promptTokens: 14, completionTokens: 45 });
    expect(readTranscription('{"text":"hi","usage":{"type":"duration","seconds":2.2}}', 'json').usage).toEqual({ promptTokens: 0, completionTokens: 50 });
    expect(readTranscription('{"text":"hi","duration":60,"segments":[]}', 'verbose_json').usage).toEqual({ promptTokens: 0, completionTokens: 1000 });
    expect(durationTokens(0.1)).toBe(17);
  });

  it('without usage, returns the spoken text to count, whatever the format', () => {
    expect(readTranscription('{"text":"hello there"}', 'json')).toEqual({ usage: null, text: 'hello there' });
    expect(readTranscription('hello there\n', 'text').text).toBe('hello there\n');
    expect(readTranscription('1\n00:00:00,000 --> 00:00:01,500\nhello there\n\n2\n00:00:01,500 --> 00:00:02,000\nagain\n', 'srt').text).toBe('hello there\nagain');
    expect(readTranscription('WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nhello there\n', 'vtt').text).toBe('hello there');
  });

  it('reads a streamed transcription: text deltas, usage at transcript.text.done', () => {
    expect(transcriptionStreamReader.textOfChunk({ type: 'transcript.text.delta', delta: 'hel' })).toBe('hel');
    expect(transcriptionStreamReader.usageOfChunk({ type: 'transcript.text.done', text: 'hello', usage: { type: 'tokens', input_tokens: 7, output_tokens: 2 } })).toEqual({ promptTokens: 7, completionTokens: 2 });
  });
});

describe('the rerank reader', () => {
  it('reads prompt_tokens, total_tokens or meta.tokens.input_tokens', () => {
    expect(rerankUsage({ usage: { prompt_tokens: 9, total_tokens: 9 } })).toEqual({ promptTokens: 9, completionTokens: 0 });
    expect(rerankUsage({ usage: { total_tokens: 11 } })).toEqual({ promptTokens: 11, completionTokens: 0 });
    expect(rerankUsage({ meta: { tokens: { input_tokens: 5, output_tokens: 0 } } })).toEqual({ promptTokens: 5, completionTokens: 0 });
    expect(rerankUsage({ results: [] })).toBeNull();
  });
});
