import { describe, expect, it } from 'vitest';
import { realtimeUsageOf } from './realtime-usage.js';

describe('realtimeUsageOf', () => {
  it('reads a response.done usage: audio in and out, cached input, cached audio counted once', () => {
    const event = {
      type: 'response.done',
      event_id: 'event_1',
      response: {
        id: 'resp_1',
        status: 'completed',
        usage: {
          total_tokens: 253,
          input_tokens: 132,
          output_tokens: 121,
          input_token_details: { text_tokens: 100, audio_tokens: 32, image_tokens: 0, cached_tokens: 64, cached_tokens_details: { text_tokens: 54, audio_tokens: 10, image_tokens: 0 } },
          output_token_details: { text_tokens: 30, audio_tokens: 91 },
        },
      },
    };
    expect(realtimeUsageOf(event)).toEqual({ promptTokens: 132, completionTokens: 121, cachedPromptTokens: 64, audioPromptTokens: 22, audioCompletionTokens: 91 });
  });

  it('reads a text-only usage without details as plain tokens', () => {
    expect(realtimeUsageOf({ type: 'response.done', response: { usage: { input_tokens: 7, output_tokens: 3 } } })).toEqual({ promptTokens: 7, completionTokens: 3 });
  });

  it('is null for other events and for a response.done without usage', () => {
    expect(realtimeUsageOf({ type: 'response.output_text.delta', delta: 'hi' })).toBeNull();
    expect(realtimeUsageOf({ type: 'response.done', response: { status: 'failed', usage: null } })).toBeNull();
    expect(realtimeUsageOf('not an event')).toBeNull();
  });
});
