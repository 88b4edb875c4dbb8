import type { SeenRequest } from '../../mock-upstream/provider-mock.js';
import { type Script, sseFrame, type WireFamily, words } from './wire-family.js';

const STOP = { stop: 'end_turn', tool_calls: 'tool_use', refusal: 'refusal' } as const;

/** Claude's stream always has usage fields: a provider that reports none sends zeros. */
const usageOf = (script: Script) => ({ input_tokens: script.usage?.prompt ?? 0, output_tokens: script.usage?.completion ?? 0 });
const modelOf = (seen: SeenRequest) => String(seen.body.model ?? 'claude');

function blocks(script: Script): object[] {
  return script.tool ? [{ type: 'tool_use', id: script.tool.id, name: script.tool.name, input: script.tool.args }] : [{ type: 'text', text: script.text }];
}

function contentFrames(script: Script): string[] {
  const block = (start: object, deltas: object[]) => [
    sseFrame({ type: 'content_block_start', index: 0, content_block: start }, 'content_block_start'),
    ...deltas.map((delta) => sseFrame({ type: 'content_block_delta', index: 0, delta }, 'content_block_delta')),
    sseFrame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
  ];
  if (script.tool) return block({ type: 'tool_use', id: script.tool.id, name: script.tool.name, input: {} }, [{ type: 'input_json_delta', partial_json: JSON.stringify(script.tool.args) }]);
  return block({ type: 'text', text: '' }, words(script.text).map((text) => ({ type: 'text_delta', text })));
}

/** Anthropic's Messages API (Claude; also Vertex's rawPredict, which takes the same body). */
export const anthropicFamily: WireFamily = {
  streamed: (seen) => seen.body.stream === true || seen.path.includes(':streamRawPredict'),
  answer: (seen, script) => ({ id: 'msg_matrix', type: 'message', role: 'assistant', model: modelOf(seen), content: blocks(script), stop_reason: STOP[script.finish], stop_sequence: null, usage: usageOf(script) }),
  frames(seen, script) {
    const usage = usageOf(script);
    const message = { id: 'msg_matrix', type: 'message', role: 'assistant', model: modelOf(seen), content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input_tokens, output_tokens: script.usage ? 1 : 0 } };
    return [
      sseFrame({ type: 'message_start', message }, 'message_start'),
      ...contentFrames(script),
      sseFrame({ type: 'message_delta', delta: { stop_reason: STOP[script.finish], stop_sequence: null }, usage: { output_tokens: usage.output_tokens } }, 'message_delta'),
      sseFrame({ type: 'message_stop' }, 'message_stop'),
    ];
  },
  error: (status, message) => ({ type: 'error', error: { type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error', message } }),
  broken: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_del\n\n',
};
