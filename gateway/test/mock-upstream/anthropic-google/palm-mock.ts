import { type MockReply, type ProviderMock, sendJson, startProviderMock } from '../provider-mock.js';

/**
 * PaLM 2's generateMessage (v1beta2, key in the query): candidates and the prompt messages echoed,
 * no usage; a wrong key gets Google's 400 API_KEY_INVALID.
 */
export async function startPalmMock(options: Pick<MockReply, 'reply'> & { key: string }): Promise<ProviderMock> {
  return startProviderMock((seen, response) => {
    const url = new URL(seen.path, 'http://palm');
    if (url.searchParams.get('key') !== options.key) return sendJson(response, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
    const prompt = seen.body.prompt as { messages?: { author: string; content: string }[] } | undefined;
    if (!/^\/v1beta2\/models\/[^/]+:generateMessage$/.test(url.pathname) || !prompt?.messages?.length) return sendJson(response, 400, { error: { code: 400, message: 'prompt.messages required', status: 'INVALID_ARGUMENT' } });
    sendJson(response, 200, { candidates: [{ author: '1', content: options.reply }], messages: prompt.messages });
  });
}
