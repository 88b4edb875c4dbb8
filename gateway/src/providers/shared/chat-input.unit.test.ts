import { describe, expect, it } from 'vitest';
import { claudeRequest } from '../anthropic/request.js';
import { geminiRequest } from '../gemini/request.js';
import { UntranslatableRequest } from './chat-input.js';

/** Shapes the OpenAI chat schema of the route already refuses; the translations refuse them too, for every other caller (Vertex, Bedrock, the surfaces). */
describe('translating an OpenAI chat request to Claude or Gemini', () => {
  const translations = { Claude: claudeRequest, Gemini: geminiRequest };

  for (const [target, translate] of Object.entries(translations)) {
    it(`${target}: refuses non-text content and junk tools naming the part, instead of throwing a TypeError`, () => {
      expect(() => translate({ model: 'm', messages: [{ role: 'user', content: 5 }] })).toThrow(new UntranslatableRequest(target, 'messages[0].content', 'Invalid input'));
      expect(() => translate({ model: 'm', messages: [null] })).toThrow(UntranslatableRequest);
      expect(() => translate({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: 'junk' })).toThrow(/tools: Invalid input: expected array/);
      expect(() => translate({ model: 'm', messages: [{ role: 'user', content: [null] }] })).toThrow(/messages\[0\]\.content/);
    });

    it(`${target}: still translates text, image parts and tools`, () => {
      const body = { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } }] }], tools: [{ type: 'function', function: { name: 'f' } }] };
      expect(() => translate(body)).not.toThrow();
    });
  }
});
