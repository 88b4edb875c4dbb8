import { describe, expect, it } from 'vitest';
import { hunyuanRequest, readHunyuanAnswer, readHunyuanEvent } from './chat.js';
import { tc3Authorization } from './tc3.js';

describe('TC3-HMAC-SHA256', () => {
  // The inputs of Tencent Cloud's signing example (CVM DescribeInstances): the scope is the UTC date of the timestamp.
  it('names the credential scope by UTC date and service, and signs content-type;host', () => {
    const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    const authorization = tc3Authorization({ secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******', service: 'cvm', host: 'cvm.tencentcloudapi.com', payload, timestamp: 1551113065 });
    expect(authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3\*{7}\/2019-02-25\/cvm\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
  });

  it('changes with the payload and the secret', () => {
    const base = { secretId: 'id', secretKey: 'key', service: 'hunyuan', host: 'h', payload: '{}', timestamp: 1 };
    const signed = tc3Authorization(base);
    expect(tc3Authorization({ ...base, payload: '{"a":1}' })).not.toBe(signed);
    expect(tc3Authorization({ ...base, secretKey: 'other' })).not.toBe(signed);
    expect(tc3Authorization(base)).toBe(signed);
  });
});

describe('Hunyuan translation', () => {
  it('capitalises the request and reads answers, errors and events', () => {
    expect(hunyuanRequest({ model: 'hunyuan-lite', temperature: 0.2, messages: [{ role: 'user', content: 'hi' }] })).toEqual({ Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'hi' }], Stream: false, Temperature: 0.2 });
    expect(readHunyuanAnswer({ Response: { Id: 'i', Choices: [{ FinishReason: 'stop', Message: { Content: 'yo' } }], Usage: { PromptTokens: 2, CompletionTokens: 5 } } })).toEqual({ id: 'i', text: 'yo', usage: { promptTokens: 2, completionTokens: 5 }, finishReason: 'stop' });
    expect(readHunyuanAnswer({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } } })).toMatchObject({ text: 'Hunyuan error AuthFailure.SignatureFailure: bad', usage: null });
    expect(readHunyuanEvent({ Choices: [{ FinishReason: '', Delta: { Content: 'a' } }] })).toMatchObject({ text: 'a', finishReason: null });
  });

  it("finishes a filtered answer (FinishReason 'sensitive') as content_filter, not stop", () => {
    expect(readHunyuanAnswer({ Response: { Choices: [{ FinishReason: 'sensitive', Message: { Content: 'no' } }] } })).toMatchObject({ finishReason: 'content_filter' });
    expect(readHunyuanEvent({ Choices: [{ FinishReason: 'sensitive', Delta: { Content: '' } }] })).toMatchObject({ finishReason: 'content_filter' });
  });
});
