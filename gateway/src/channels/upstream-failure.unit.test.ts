import { describe, expect, it } from 'vitest';
import { readUpstreamFailure } from './upstream-failure.js';

describe('readUpstreamFailure', () => {
  it('reads OpenAI, Anthropic and Gemini error bodies alike', () => {
    expect(readUpstreamFailure(401, '{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}')).toEqual({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key' });
    expect(readUpstreamFailure(400, '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}')).toMatchObject({ type: 'authentication_error', message: 'invalid x-api-key' });
    expect(readUpstreamFailure(403, '{"error":{"code":403,"message":"Permission denied","status":"PERMISSION_DENIED"}}')).toMatchObject({ type: 'PERMISSION_DENIED', code: '403' });
  });

  it('keeps a body that is not JSON as the message', () => {
    expect(readUpstreamFailure(502, 'Bad Gateway')).toEqual({ status: 502, type: '', code: '', message: 'Bad Gateway' });
  });
});
