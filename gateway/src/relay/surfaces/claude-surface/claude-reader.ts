import { claudeEventText } from '../../../providers/shared/completion-text.js';
import type { AnswerReader } from '../../../providers/types.js';
import { type ClientSurface, surfaceReader } from '../surface-reader.js';
import type { OpenAIChatAnswer } from '../../../providers/openai-shapes.js';
import { openAIAnswerToClaude } from './claude-answer.js';
import { openAIChunksToClaude } from './claude-stream.js';

/** The Messages API as a client surface: Claude's answer shape and its named stream events. */
const claudeSurface: ClientSurface = {
  answer: (openAI, model) => openAIAnswerToClaude(openAI as OpenAIChatAnswer, model),
  stream: openAIChunksToClaude,
  framing: {
    frame: (event) => `event: ${(event as { type?: string }).type ?? 'message'}\ndata: ${JSON.stringify(event)}\n\n`,
    closing: '',
  },
  textOfEvent: claudeEventText,
};

/** Reads a channel that does not speak Anthropic's protocol for a client of the Messages API. */
export const claudeClientReader = (upstream: AnswerReader): AnswerReader => surfaceReader(upstream, claudeSurface);
