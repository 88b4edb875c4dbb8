import { type MockReply, pieces, type ProviderMock, sendJson, startProviderMock } from '../provider-mock.js';

/**
 * DashScope's text-generation API: Bearer key (401 InvalidApiKey otherwise); SSE only when
 * X-DashScope-SSE is enabled, each event with id/event/:HTTP_STATUS lines and the usage so far.
 */
export async function startQwenMock(options: MockReply & { key: string }): Promise<ProviderMock> {
  return startProviderMock((seen, response) => {
    if (seen.headers.authorization !== `Bearer ${options.key}`) return sendJson(response, 401, { code: 'InvalidApiKey', message: 'Invalid API-key provided.', request_id: 'r-0' });
    const input = seen.body.input as { messages?: unknown[] } | undefined;
    if (seen.path !== '/api/v1/services/aigc/text-generation/generation' || !Array.isArray(input?.messages)) return sendJson(response, 400, { code: 'InvalidParameter', message: 'input.messages is required', request_id: 'r-0' });
    const usage = (output: number) => ({ input_tokens: options.promptTokens, output_tokens: output, total_tokens: options.promptTokens + output });
    const choice = (content: string, finish: string) => ({ choices: [{ finish_reason: finish, message: { role: 'assistant', content } }] });
    if (seen.headers['x-dashscope-sse'] !== 'enable') return sendJson(response, 200, { request_id: 'r-1', output: choice(options.reply, 'stop'), usage: usage(options.outputTokens) });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const parts = pieces(options.reply);
    parts.forEach((text, i) => {
      const last = i === parts.length - 1;
      const event = { request_id: 'r-1', output: choice(text, last ? 'stop' : 'null'), usage: usage(last ? options.outputTokens : i + 1) };
      response.write(`id:${i + 1}\nevent:result\n:HTTP_STATUS/200\ndata:${JSON.stringify(event)}\n\n`);
    });
    response.end();
  });
}
