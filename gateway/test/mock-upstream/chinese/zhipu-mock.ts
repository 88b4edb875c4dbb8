import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MockReply, pieces, type ProviderMock, type SeenRequest, sendJson, startProviderMock } from '../provider-mock.js';

/** Whether the Authorization header is a live HS256 JWT for `id`, signed with `secret`, with sign_type SIGN. */
function validJwt(seen: SeenRequest, id: string, secret: string): boolean {
  const [header = '', payload = '', signature = ''] = String(seen.headers.authorization ?? '').split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; sign_type?: string };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { api_key?: string; exp?: number; timestamp?: number };
  return head.alg === 'HS256' && head.sign_type === 'SIGN' && claims.api_key === id && (claims.exp ?? 0) > Date.now() && typeof claims.timestamp === 'number';
}

/**
 * Zhipu's open.bigmodel.cn: the v3 model-api (invoke, and sse-invoke whose data lines are raw
 * text with usage in the finish event's meta line) and the OpenAI-like v4 chat completions.
 * Every call must carry a JWT signed with the key's secret (code 1002 / 401 otherwise).
 */
export async function startZhipuMock(options: MockReply & { id: string; secret: string }): Promise<ProviderMock> {
  const usage = { prompt_tokens: options.promptTokens, completion_tokens: options.outputTokens, total_tokens: options.promptTokens + options.outputTokens };
  return startProviderMock((seen, response) => {
    if (!validJwt(seen, options.id, options.secret)) return sendJson(response, 401, { error: { code: '1002', message: 'Authorization Token非法，请确认Authorization Token正确传递。' } });
    const v3 = /^\/api\/paas\/v3\/model-api\/([^/]+)\/(invoke|sse-invoke)$/.exec(seen.path);
    if (v3?.[2] === 'invoke') return sendJson(response, 200, { code: 200, msg: '操作成功', success: true, data: { task_id: 'task-1', task_status: 'SUCCESS', choices: [{ role: 'assistant', content: options.reply }], usage } });
    if (v3) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const text of pieces(options.reply)) response.write(`id: task-1\nevent: add\ndata: ${text}\n\n`);
      return response.end(`id: task-1\nevent: finish\ndata: \nmeta: ${JSON.stringify({ task_status: 'SUCCESS', usage, task_id: 'task-1' })}\n\n`);
    }
    if (seen.path !== '/api/paas/v4/chat/completions') return sendJson(response, 404, { error: { code: '404', message: `not found: ${seen.path}` } });
    const base = { id: 'glm-1', created: 1, model: seen.body.model };
    if (seen.body.stream !== true) return sendJson(response, 200, { ...base, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: options.reply } }], usage });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const parts = pieces(options.reply);
    parts.forEach((content, i) => {
      const last = i === parts.length - 1;
      response.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content }, ...(last ? { finish_reason: 'stop' } : {}) }], ...(last ? { usage } : {}) })}\n\n`);
    });
    response.end('data: [DONE]\n\n');
  });
}
