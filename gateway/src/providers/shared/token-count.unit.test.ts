import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { completedUsage, countedUsage } from './token-count.js';

const PROMPT = 'What is the capital of France?';
const ANSWER = 'The capital of France is Paris.';

describe('completedUsage: the usage billed for an answer', () => {
  const count = () => countedUsage(PROMPT, ANSWER);

  it('counts prompt and completion with the tokenizer when the upstream reported none', () => {
    expect(completedUsage(null, ANSWER, count)).toEqual({ promptTokens: countTokens(PROMPT), completionTokens: countTokens(ANSWER) });
  });
  it('keeps a whole usage as reported, without counting', () => {
    const reported = { promptTokens: 9, completionTokens: 4, cachedPromptTokens: 2 };
    expect(completedUsage(reported, ANSWER, () => { throw new Error('counted'); })).toBe(reported);
  });
  it('counts a zero completion when text came back, keeping the reported prompt and its details', () => {
    expect(completedUsage({ promptTokens: 9, completionTokens: 0, cachedPromptTokens: 2 }, ANSWER, count)).toEqual({ promptTokens: 9, completionTokens: countTokens(ANSWER), cachedPromptTokens: 2 });
  });
  it('counts a zero prompt, keeping the reported completion', () => {
    expect(completedUsage({ promptTokens: 0, completionTokens: 5 }, ANSWER, count)).toEqual({ promptTokens: countTokens(PROMPT), completionTokens: 5 });
  });
  it('leaves a zero completion alone when nothing came back (embeddings, speech, images)', () => {
    const reported = { promptTokens: 7, completionTokens: 0 };
    expect(completedUsage(reported, '', () => { throw new Error('counted'); })).toBe(reported);
  });
});
