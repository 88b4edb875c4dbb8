/** One chat call to `mock-model` through the relay, read to its end; resolves its HTTP status. */
export async function chatStatus(url: string, key: string, maxTokens: number, stream = false): Promise<number> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }], max_tokens: maxTokens, stream }),
  });
  await response.arrayBuffer();
  return response.status;
}
