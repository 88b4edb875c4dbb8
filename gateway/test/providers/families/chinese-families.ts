import { sendJson } from '../../mock-upstream/provider-mock.js';
import { type Script, sseFrame, type WireFamily, words } from './wire-family.js';

const BAIDU_TOKEN = '24.matrix-access-token';
/** ERNIE's codes for a QPS limit and an internal failure, sent with HTTP 200 as Baidu does. */
const ERNIE_CODES: Record<number, number> = { 429: 18, 500: 336100 };
const ernieUsage = (script: Script) => (script.usage ? { usage: { prompt_tokens: script.usage.prompt, completion_tokens: script.usage.completion, total_tokens: script.usage.prompt + script.usage.completion } } : {});
/** ERNIE's safety signal: a blocked turn asks the caller to clear the history. */
const ernieSafety = (script: Script) => (script.finish === 'refusal' ? { need_clear_history: true, ban_round: 1 } : { need_clear_history: false });

/** Baidu's OAuth token exchange and ERNIE's wenxinworkshop chat: failures are HTTP 200 with error_code. */
export const baiduFamily: WireFamily = {
  aside(seen, response) {
    if (!seen.path.startsWith('/oauth/2.0/token')) return false;
    sendJson(response, 200, { access_token: BAIDU_TOKEN, expires_in: 2_592_000, scope: 'public' });
    return true;
  },
  streamed: (seen) => seen.body.stream === true,
  answer: (_seen, script) => ({ id: 'as-matrix', object: 'chat.completion', created: 1, result: script.text, is_truncated: false, ...ernieSafety(script), ...ernieUsage(script) }),
  frames(_seen, script) {
    const parts = words(script.text);
    return parts.map((result, i) => {
      const end = i === parts.length - 1;
      return sseFrame({ id: 'as-matrix', object: 'chat.completion', created: 1, sentence_id: i, is_end: end, result, ...ernieSafety(script), ...(end ? ernieUsage(script) : {}) });
    });
  },
  error: (status, message) => ({ error_code: ERNIE_CODES[status] ?? 1, error_msg: message }),
  errorStatus: () => 200,
  broken: 'data: {"id": "as-matrix", "result": "Par\n\n',
};

const dashScopeUsage = (script: Script) => (script.usage ? { usage: { input_tokens: script.usage.prompt, output_tokens: script.usage.completion, total_tokens: script.usage.prompt + script.usage.completion } } : {});

/** DashScope's text-generation (Qwen): SSE only when X-DashScope-SSE is enabled, incremental output. */
export const dashScopeFamily: WireFamily = {
  streamed: (seen) => seen.headers['x-dashscope-sse'] === 'enable',
  answer: (_seen, script) => ({ request_id: 'r-matrix', output: { choices: [{ finish_reason: 'stop', message: { role: 'assistant', content: script.text } }] }, ...dashScopeUsage(script) }),
  frames(_seen, script) {
    const parts = words(script.text);
    return parts.map((content, i) => {
      const last = i === parts.length - 1;
      const data = { request_id: 'r-matrix', output: { choices: [{ finish_reason: last ? 'stop' : 'null', message: { role: 'assistant', content } }] }, ...(last ? dashScopeUsage(script) : {}) };
      return `id:${i + 1}\nevent:result\n:HTTP_STATUS/200\ndata:${JSON.stringify(data)}\n\n`;
    });
  },
  error: (status, message) => ({ code: status === 429 ? 'Throttling.RateQuota' : 'InternalError', message, request_id: 'r-matrix' }),
  broken: 'id:2\nevent:result\n:HTTP_STATUS/200\ndata:{"request_id":"r-matrix","output":{"choi\n\n',
};

const HUNYUAN_CODES: Record<number, string> = { 429: 'RequestLimitExceeded', 500: 'InternalError' };
const hunyuanUsage = (script: Script) => (script.usage ? { Usage: { PromptTokens: script.usage.prompt, CompletionTokens: script.usage.completion, TotalTokens: script.usage.prompt + script.usage.completion } } : {});
const hunyuanFinish = (script: Script) => (script.finish === 'refusal' ? 'sensitive' : 'stop');

/** Tencent Hunyuan's ChatCompletions action: capitalised fields; failures are HTTP 200 with Response.Error. */
export const hunyuanFamily: WireFamily = {
  streamed: (seen) => seen.body.Stream === true,
  answer: (_seen, script) => ({ Response: { RequestId: 'r-matrix', Id: 'hy-matrix', Created: 1, Choices: [{ FinishReason: hunyuanFinish(script), Message: { Role: 'assistant', Content: script.text } }], ...hunyuanUsage(script) } }),
  frames(_seen, script) {
    const parts = words(script.text);
    return parts.map((Content, i) => {
      const last = i === parts.length - 1;
      return sseFrame({ Id: 'hy-matrix', Created: 1, Choices: [{ FinishReason: last ? hunyuanFinish(script) : '', Delta: { Role: 'assistant', Content } }], ...(last ? hunyuanUsage(script) : {}) });
    });
  },
  error: (status, message) => ({ Response: { Error: { Code: HUNYUAN_CODES[status] ?? 'InvalidParameter', Message: message }, RequestId: 'r-matrix' } }),
  errorStatus: () => 200,
  broken: 'data: {"Id": "hy-matrix", "Choices": [{"Delta": {"Content": "Par\n\n',
};

const v3Usage = (script: Script) => (script.usage ? { usage: { prompt_tokens: script.usage.prompt, completion_tokens: script.usage.completion, total_tokens: script.usage.prompt + script.usage.completion } } : {});

/** ChatGLM's v3 model-api: invoke answers JSON; sse-invoke streams raw text with the usage in the finish event's meta line. */
export const zhipuV3Family: WireFamily = {
  streamed: (seen) => seen.path.endsWith('/sse-invoke'),
  answer: (_seen, script) => ({ code: 200, msg: '操作成功', success: true, data: { task_id: 'task-matrix', task_status: 'SUCCESS', choices: [{ role: 'assistant', content: script.text }], ...v3Usage(script) } }),
  frames: (_seen, script) => [
    ...words(script.text).map((text) => `id: task-matrix\nevent: add\ndata: ${text}\n\n`),
    `id: task-matrix\nevent: finish\ndata: \nmeta: ${JSON.stringify({ task_status: 'SUCCESS', task_id: 'task-matrix', ...v3Usage(script) })}\n\n`,
  ],
  error: (status, message) => ({ code: status === 429 ? 1302 : 500, msg: message, success: false }),
  errorStatus: () => 200,
  broken: 'id: task-matrix\nevent: finish\ndata: \nmeta: {"task_status": "SUCC\n\n',
};

/** PaLM 2's generateMessage: candidates and the prompt echoed, never usage, never a stream. */
export const palmFamily: WireFamily = {
  streamed: () => false,
  answer: (seen, script) => ({ candidates: [{ author: '1', content: script.text }], messages: (seen.body.prompt as { messages?: unknown[] } | undefined)?.messages ?? [] }),
  frames: () => [],
  error: (status, message) => ({ error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }),
};

