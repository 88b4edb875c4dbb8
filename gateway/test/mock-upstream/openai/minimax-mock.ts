import { type MockReply, pieces, type ProviderMock, sendJson, startProviderMock } from '../provider-mock.js';

const OK = { status_code: 0, status_msg: '' };

/**
 * MiniMax's chatcompletion_v2: OpenAI-like chat and SSE, every answer with base_resp; a wrong key
 * is refused with status 200 and base_resp 1004, as MiniMax does.
 */
export async function startMinimaxMock(options: MockReply & { key: string }): Promise<ProviderMock> {
  const usage = { prompt_tokens: options.promptTokens, completion_tokens: options.outputTokens, total_tokens: options.promptTokens + options.outputTokens };
  return startProviderMock((seen, response) => {
    if (seen.headers.authorization !== `Bearer ${options.key}`) return sendJson(response, 200, { base_resp: { status_code: 1004, status_msg: 'login fail: Please carry the API secret key in the Authorization field' } });
    if (seen.path !== '/v1/text/chatcompletion_v2') return sendJson(response, 404, { base_resp: { status_code: 404, status_msg: 'not found' } });
    const base = { id: 'mm-1', created: 1, model: seen.body.model };
    if (seen.body.stream !== true) return sendJson(response, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: options.reply } }], usage, base_resp: OK });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const content of pieces(options.reply)) response.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content } }] })}\n\n`);
    // The last chunk repeats the whole message (not a delta) with the finish reason and the usage.
    response.end(`data: ${JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: options.reply } }], usage, base_resp: OK })}\n\n`);
  });
}
