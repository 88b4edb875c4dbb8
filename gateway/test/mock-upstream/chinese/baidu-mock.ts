import { type MockReply, pieces, type ProviderMock, sendJson, startProviderMock } from '../provider-mock.js';

/**
 * Baidu's OAuth token endpoint and ERNIE chat API: a token only for the right API key and
 * secret key, and a chat call only with that token in `access_token` (error_code 110 otherwise,
 * with status 200, as Baidu does).
 */
export async function startBaiduMock(options: MockReply & { apiKey: string; secretKey: string }): Promise<ProviderMock & { tokensIssued(): number }> {
  let issued = 0;
  const token = '24.mock-access-token';
  const usage = { prompt_tokens: options.promptTokens, completion_tokens: options.outputTokens, total_tokens: options.promptTokens + options.outputTokens };
  const mock = await startProviderMock((seen, response) => {
    const url = new URL(seen.path, 'http://baidu');
    if (url.pathname === '/oauth/2.0/token') {
      const right = url.searchParams.get('grant_type') === 'client_credentials' && url.searchParams.get('client_id') === options.apiKey && url.searchParams.get('client_secret') === options.secretKey;
      if (!right) return sendJson(response, 401, { error: 'invalid_client', error_description: 'unknown client id' });
      issued += 1;
      return sendJson(response, 200, { access_token: token, expires_in: 2_592_000, scope: 'public' });
    }
    if (url.searchParams.get('access_token') !== token) return sendJson(response, 200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
    if (seen.body.stream !== true) return sendJson(response, 200, { id: 'as-mock', object: 'chat.completion', created: 1, result: options.reply, is_truncated: false, need_clear_history: false, usage });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const parts = pieces(options.reply);
    parts.forEach((result, i) => {
      const end = i === parts.length - 1;
      response.write(`data: ${JSON.stringify({ id: 'as-mock', object: 'chat.completion', created: 1, sentence_id: i, is_end: end, result, usage: end ? usage : { prompt_tokens: options.promptTokens, completion_tokens: 0, total_tokens: options.promptTokens } })}\n\n`);
    });
    response.end();
  });
  return { ...mock, tokensIssued: () => issued };
}
