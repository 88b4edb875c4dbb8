import { describe, expect, it } from 'vitest';
import { bounded, claudeLimit, geminiLimit, openAIChatLimit, openAICompletionsLimit, responsesLimit } from './output-limit.js';

describe("each surface's own limit field", () => {
  it('OpenAI chat: max_tokens by default, max_completion_tokens where the client used it or for a reasoning model', () => {
    expect(bounded(openAIChatLimit, { model: 'gpt-4o' }, 40)).toEqual({ model: 'gpt-4o', max_tokens: 40 });
    expect(bounded(openAIChatLimit, { model: 'gpt-4o', max_completion_tokens: 900 }, 40)).toEqual({ model: 'gpt-4o', max_completion_tokens: 40 });
    expect(bounded(openAIChatLimit, { model: 'o3-mini' }, 40)).toEqual({ model: 'o3-mini', max_completion_tokens: 40 });
    expect(bounded(openAIChatLimit, { model: 'o1', max_tokens: 900, max_completion_tokens: 800 }, 40)).toEqual({ model: 'o1', max_tokens: 40, max_completion_tokens: 40 });
    expect(openAIChatLimit.own({ max_tokens: 900, max_completion_tokens: 800 })).toBe(800);
    expect(openAIChatLimit.own({ max_tokens: null })).toBeUndefined();
  });

  it('completions, Responses and Claude: their one field; Gemini: generationConfig.maxOutputTokens beside the rest of the config', () => {
    expect(bounded(openAICompletionsLimit, { prompt: 'x' }, 7)).toEqual({ prompt: 'x', max_tokens: 7 });
    expect(bounded(responsesLimit, { input: 'x', max_output_tokens: 500 }, 7)).toEqual({ input: 'x', max_output_tokens: 7 });
    expect(bounded(claudeLimit, { max_tokens: 1024 }, 7)).toEqual({ max_tokens: 7 });
    expect(bounded(geminiLimit, { generationConfig: { temperature: 0.2 } }, 7)).toEqual({ generationConfig: { temperature: 0.2, maxOutputTokens: 7 } });
    expect(geminiLimit.own({ generationConfig: { maxOutputTokens: 300 } })).toBe(300);
  });

  it('leaves the body untouched when the hold pays for what the client asked', () => {
    const body = { model: 'gpt-4o', max_tokens: 10 };
    expect(bounded(openAIChatLimit, body, undefined)).toBe(body);
  });
});
