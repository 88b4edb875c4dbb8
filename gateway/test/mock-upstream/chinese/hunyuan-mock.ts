import { createHash, createHmac } from 'node:crypto';
import { type MockReply, pieces, type ProviderMock, type SeenRequest, sendJson, startProviderMock } from '../provider-mock.js';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const mac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** Tencent Cloud's check: recompute TC3-HMAC-SHA256 from what arrived (headers, Host, body) and the secret key. */
function signatureValid(seen: SeenRequest, secretId: string, secretKey: string): boolean {
  const timestamp = String(seen.headers['x-tc-timestamp'] ?? '');
  const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:${seen.headers['content-type']}\nhost:${seen.headers.host}\n\ncontent-type;host\n${hex(seen.text)}`;
  const scope = `${date}/hunyuan/tc3_request`;
  const key = mac(mac(mac(`TC3${secretKey}`, date), 'hunyuan'), 'tc3_request');
  const signature = createHmac('sha256', key).update(`TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${hex(canonical)}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && seen.headers.authorization === `TC3-HMAC-SHA256 Credential=${secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/**
 * hunyuan.tencentcloudapi.com: the ChatCompletions action (X-TC-Action/X-TC-Version), refused
 * with AuthFailure.SignatureFailure (status 200, as Tencent answers) unless the TC3 signature holds.
 */
export async function startHunyuanMock(options: MockReply & { secretId: string; secretKey: string }): Promise<ProviderMock> {
  const Usage = { PromptTokens: options.promptTokens, CompletionTokens: options.outputTokens, TotalTokens: options.promptTokens + options.outputTokens };
  return startProviderMock((seen, response) => {
    if (!signatureValid(seen, options.secretId, options.secretKey)) {
      return sendJson(response, 200, { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r-0' } });
    }
    if (seen.headers['x-tc-action'] !== 'ChatCompletions' || seen.headers['x-tc-version'] !== '2023-09-01') {
      return sendJson(response, 200, { Response: { Error: { Code: 'InvalidAction', Message: 'unknown action' }, RequestId: 'r-0' } });
    }
    if (seen.body.Stream !== true) return sendJson(response, 200, { Response: { RequestId: 'r-1', Id: 'hy-1', Created: 1, Note: '以上内容为AI生成', Choices: [{ FinishReason: 'stop', Message: { Role: 'assistant', Content: options.reply } }], Usage } });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const parts = pieces(options.reply);
    parts.forEach((Content, i) => {
      const last = i === parts.length - 1;
      response.write(`data: ${JSON.stringify({ Id: 'hy-1', Created: 1, Note: '以上内容为AI生成', Choices: [{ FinishReason: last ? 'stop' : '', Delta: { Role: 'assistant', Content } }], Usage })}\n\n`);
    });
    response.end();
  });
}
