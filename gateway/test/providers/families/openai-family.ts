import type { SeenRequest } from '../../mock-upstream/provider-mock.js';
import { type Script, sseFrame, type WireFamily, words } from './wire-family.js';

const FINISH = { stop: 'stop', tool_calls: 'tool_calls', refusal: 'content_filter' } as const;

const usageOf = (script: Script) => (script.usage ? { prompt_tokens: script.usage.prompt, completion_tokens: script.usage.completion, total_tokens: script.usage.prompt + script.usage.completion } : undefined);
const toolCall = (tool: NonNullable<Script['tool']>) => ({ id: tool.id, type: 'function', function: { name: tool.name, arguments: JSON.stringify(tool.args) } });
const modelOf = (seen: SeenRequest) => String(seen.body.model ?? 'unknown');

/** OpenAI's chat completions, which most channel types speak at their own paths (Azure's deployments, Cloudflare's accounts, MiniMax's v2). */
export const openAIFamily: WireFamily = {
  serves: (seen) => (seen.path.split('?')[0] ?? '').endsWith('/chat/completions'),
  streamed: (seen) => seen.body.stream === true,
  answer(seen, script) {
    const message = { role: 'assistant', content: script.tool ? null : script.text, ...(script.tool ? { tool_calls: [toolCall(script.tool)] } : {}) };
    return { id: 'chatcmpl-matrix', object: 'chat.completion', created: 1_700_000_000, model: modelOf(seen), choices: [{ index: 0, message, finish_reason: FINISH[script.finish] }], usage: usageOf(script) };
  },
  frames(seen, script) {
    const head = { id: 'chatcmpl-matrix', object: 'chat.completion.chunk', created: 1_700_000_000, model: modelOf(seen) };
    const chunk = (delta: object, finish: string | null = null) => sseFrame({ ...head, choices: [{ index: 0, delta, finish_reason: finish }] });
    const tool = script.tool ? [chunk({ tool_calls: [{ index: 0, ...toolCall(script.tool), function: { name: script.tool.name, arguments: '' } }] }), chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(script.tool.args) } }] })] : [];
    const usage = script.usage ? [sseFrame({ ...head, choices: [], usage: usageOf(script) })] : [];
    return [chunk({ role: 'assistant', content: '' }), ...words(script.text).map((content) => chunk({ content })), ...tool, chunk({}, FINISH[script.finish]), ...usage, 'data: [DONE]\n\n'];
  },
  error: (status, message) => ({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } }),
};
