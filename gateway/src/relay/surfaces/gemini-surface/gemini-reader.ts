import { geminiResponseText } from '../../../providers/shared/completion-text.js';
import type { AnswerReader } from '../../../providers/types.js';
import type { OpenAIChatAnswer } from '../../../providers/openai-shapes.js';
import { type ClientSurface, surfaceReader } from '../surface-reader.js';
import { openAIAnswerToGemini } from './gemini-answer.js';
import { openAIChunksToGemini } from './gemini-stream.js';

/** Google's native surface as a client surface: its answer shape and `data:` events with no closing line. */
const geminiSurface: ClientSurface = {
  answer: (openAI, model) => openAIAnswerToGemini(openAI as OpenAIChatAnswer, model),
  stream: openAIChunksToGemini,
  framing: { frame: (event) => `data: ${JSON.stringify(event)}\r\n\r\n`, closing: '' },
  textOfEvent: geminiResponseText,
};

/** Reads a channel that does not speak Google's protocol for a client of generateContent. */
export const geminiClientReader = (upstream: AnswerReader): AnswerReader => surfaceReader(upstream, geminiSurface);
