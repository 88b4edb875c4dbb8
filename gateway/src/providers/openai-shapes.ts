import { openAIUsage } from './anthropic/answer.js';
import type { Usage } from './types.js';

/** A whole OpenAI chat completion with one text choice, for providers that answer plain text. */
export function textCompletion(id: string, model: string, text: string, finish: string | null, usage: Usage | null): object {
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
    usage: openAIUsage(usage),
  };
}

/** Builds the chunks of one OpenAI chat stream: same id, creation time and model on each. */
export function chunkWriter(model: string, id: string) {
  const created = Math.floor(Date.now() / 1000);
  const head = () => ({ id: writer.id, object: 'chat.completion.chunk', created, model });
  const writer = {
    id,
    delta: (delta: object, finish: string | null = null): object => ({ ...head(), choices: [{ index: 0, delta, finish_reason: finish }] }),
    /** The include_usage chunk: usage and no choices. */
    usage: (usage: Usage): object => ({ ...head(), choices: [], usage: openAIUsage(usage) }),
  };
  return writer;
}

