import type { SeenRequest } from '../../mock-upstream/provider-mock.js';
import { type Script, sseFrame, type WireFamily, words } from './wire-family.js';

const FINISH = { stop: 'STOP', tool_calls: 'STOP', refusal: 'SAFETY' } as const;

const usageOf = (script: Script) => (script.usage ? { usageMetadata: { promptTokenCount: script.usage.prompt, candidatesTokenCount: script.usage.completion, totalTokenCount: script.usage.prompt + script.usage.completion } } : {});

function candidate(parts: object[], finish?: string) {
  return { candidates: [{ content: { role: 'model', parts }, index: 0, ...(finish ? { finishReason: finish } : {}) }], modelVersion: 'gemini-matrix' };
}

const partsOf = (script: Script): object[] => (script.tool ? [{ functionCall: { name: script.tool.name, args: script.tool.args } }] : [{ text: script.text }]);

/** Google's generateContent (Gemini; also Vertex's Gemini models), streamed as SSE when `alt=sse`. */
export const geminiFamily: WireFamily = {
  streamed: (seen: SeenRequest) => seen.path.includes(':streamGenerateContent'),
  answer: (_seen, script) => ({ ...candidate(partsOf(script), FINISH[script.finish]), ...usageOf(script) }),
  frames(_seen, script) {
    const pieces = script.tool ? [] : words(script.text).map((text) => sseFrame(candidate([{ text }])));
    const last = script.tool ? partsOf(script) : [{ text: '' }];
    return [...pieces, sseFrame({ ...candidate(last, FINISH[script.finish]), ...usageOf(script) })];
  },
  error: (status, message) => ({ error: { code: status, message, status: { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL' }[status] ?? 'UNKNOWN' } }),
  broken: 'data: {"candidates": [{"content": {"role": "model", "parts": [{"text": "Par\r\n\r\n',
};
