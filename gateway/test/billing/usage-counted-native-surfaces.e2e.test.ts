import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completionTokensOf, FULL, MODELS, type NoUsageHarness, PROMPT, startNoUsageHarness } from '../support/gateways/no-usage-fixture.js';

/**
 * Every answer billed, on Claude's and Google's native surfaces: served natively by their own
 * channel or translated from an OpenAI channel, plain or streamed, an answer without usage is
 * billed the tokenizer's count of the prompt and of its thinking, text and tool call.
 */
describe('native surfaces billed by count when the upstream reports no usage', () => {
  let h: NoUsageHarness;
  let claude: Anthropic;
  let google: GoogleGenAI;
  const prompt = countTokens(PROMPT);
  const completion = completionTokensOf(FULL);
  const toolArgs = FULL.tool?.args;

  beforeAll(async () => {
    h = await startNoUsageHarness('nico');
    claude = new Anthropic({ apiKey: h.key, baseURL: h.fixture.tollgate.url, maxRetries: 0 });
    google = new GoogleGenAI({ apiKey: h.key, httpOptions: { baseUrl: h.fixture.tollgate.url } });
  });
  afterAll(async () => h?.close());
  beforeEach(async () => {
    h.upstream.configure(FULL);
    await h.resync();
  });

  const claudeServedBy = { 'its own': MODELS.claude, 'an OpenAI': MODELS.openai };
  for (const [served, model] of Object.entries(claudeServedBy)) {
    it(`bills a plain Claude message with thinking and a tool call from ${served} channel`, async () => {
      const message = await claude.messages.create({ model, max_tokens: 512, messages: [{ role: 'user', content: PROMPT }] });
      expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text', 'tool_use']);
      expect(message.content[2]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: toolArgs });
      await h.expectBilled(prompt, completion);
    });

    it(`bills a streamed Claude message with thinking and a tool call from ${served} channel`, async () => {
      const final = await claude.messages.stream({ model, max_tokens: 512, messages: [{ role: 'user', content: PROMPT }] }).finalMessage();
      expect(final.content).toMatchObject([{ type: 'thinking', thinking: FULL.reasoning }, { type: 'text', text: FULL.text }, { type: 'tool_use', name: 'get_weather', input: toolArgs }]);
      await h.expectBilled(prompt, completion);
    });
  }

  const geminiServedBy = { 'its own': MODELS.gemini, 'an OpenAI': MODELS.openai };
  for (const [served, model] of Object.entries(geminiServedBy)) {
    it(`bills a plain generateContent answer with a thought and a function call from ${served} channel`, async () => {
      const answer = await google.models.generateContent({ model, contents: PROMPT });
      expect(answer.functionCalls?.[0]).toMatchObject({ name: 'get_weather', args: toolArgs });
      await h.expectBilled(prompt, completion);
    });

    it(`bills a streamed generateContent answer with a thought and a function call from ${served} channel`, async () => {
      const parts: { text?: string; thought?: boolean }[] = [];
      for await (const chunk of await google.models.generateContentStream({ model, contents: PROMPT })) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
      expect(parts.filter((part) => part.thought).map((part) => part.text).join('')).toBe(FULL.reasoning);
      expect(parts).toContainEqual(expect.objectContaining({ functionCall: expect.objectContaining({ name: 'get_weather', args: toolArgs }) }));
      await h.expectBilled(prompt, completion);
    });
  }
});
