import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseServiceAccount, signedAssertion } from './access-token.js';
import { vertexClaudeModel, vertexRegion } from './index.js';
import { vertexTranslation, vertexUsage } from './translation.js';

describe('Vertex AI service account and JWT', () => {
  it('signs an RS256 assertion for the cloud-platform scope, verifiable with the public key', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = parseServiceAccount(JSON.stringify({ project_id: 'p', client_email: 'a@p.iam', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), private_key_id: 'k1', token_uri: 'https://oauth2.example/token' }));
    const [header = '', claims = '', signature = ''] = signedAssertion(account, 1_700_000_000).split('.');
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'k1' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({ iss: 'a@p.iam', scope: 'https://www.googleapis.com/auth/cloud-platform', aud: 'https://oauth2.example/token', iat: 1_700_000_000, exp: 1_700_003_600 });
  });

  it('refuses a key that is not a complete service-account JSON, without echoing it', () => {
    expect(() => parseServiceAccount('secret-not-json')).toThrow('Vertex AI key must be a service-account JSON');
    expect(() => parseServiceAccount('{"project_id":"p"}')).toThrow(/lacks project_id, client_email/);
  });
});

describe('Vertex AI regions and model names', () => {
  it('takes the region from other: a region, a model map with a default, or us-central1', () => {
    expect(vertexRegion('', 'gemini-pro')).toBe('us-central1');
    expect(vertexRegion('asia-east1', 'gemini-pro')).toBe('asia-east1');
    expect(vertexRegion('{"default":"europe-west1","claude-3-opus-20240229":"us-east5"}', 'claude-3-opus-20240229')).toBe('us-east5');
    expect(vertexRegion('{"default":"europe-west1"}', 'gemini-pro')).toBe('europe-west1');
  });

  it('names Claude versions with @ before the date', () => {
    expect(vertexClaudeModel('claude-3-5-sonnet-20240620')).toBe('claude-3-5-sonnet@20240620');
    expect(vertexClaudeModel('claude-sonnet-4@20250514')).toBe('claude-sonnet-4@20250514');
  });
});

describe('Vertex AI answers read by their shape', () => {
  it('reads a Claude answer as Claude and a Gemini answer as Gemini', () => {
    const claude = { id: 'msg', type: 'message', content: [{ type: 'text', text: 'c' }], stop_reason: 'end_turn', usage: { input_tokens: 3, output_tokens: 4 } };
    const gemini = { candidates: [{ content: { parts: [{ text: 'g' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 6 } };
    expect(vertexUsage(claude)).toEqual({ promptTokens: 3, completionTokens: 4 });
    expect(vertexUsage(gemini)).toEqual({ promptTokens: 5, completionTokens: 6 });
    expect(vertexTranslation.answer(claude, 'm').body).toMatchObject({ choices: [{ message: { content: 'c' } }] });
    expect(vertexTranslation.answer(gemini, 'm').body).toMatchObject({ choices: [{ message: { content: 'g' } }] });
  });

  it('picks the stream translator from the first event', () => {
    const stream = vertexTranslation.stream('m');
    stream.onEvent({ type: 'message_start', message: { id: 'x', usage: { input_tokens: 2 } } });
    stream.onEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } });
    expect(stream.usage()).toEqual({ promptTokens: 2, completionTokens: 7 });
  });
});
