import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIMock, type OpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

const BODY_TIMEOUT_MS = 1_500;

interface RawAnswer {
  /** What came back on the socket, whole. */
  text: string;
  /** Milliseconds from sending the headers to the first byte of the answer. */
  firstByteMs: number;
  /** Milliseconds until the server closed the connection, or null if it did not within the wait. */
  closedMs: number | null;
}

/**
 * Sends a request's headers announcing a large body, and then no body at all: an upload that has
 * stalled, as a slow or hostile client leaves it. Waits `waitMs` for the server to answer and close.
 */
async function stalledUpload(url: string, path: string, headers: Record<string, string>, waitMs: number): Promise<RawAnswer> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const started = Date.now();
  let text = '';
  let firstByteMs = -1;
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    // Node sends `100 Continue` itself to a client that asks for it; the answer is what follows.
    text = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    if (firstByteMs < 0 && text.length > 0) firstByteMs = Date.now() - started;
  });
  socket.on('error', () => {}); // the server may reset the connection it refused: that is an answer too
  const framing = headers['transfer-encoding'] ? {} : { 'content-length': '1000000' };
  const lines = Object.entries({ host: '127.0.0.1', 'content-type': 'application/json', ...framing, ...headers }).map(([name, value]) => `${name}: ${value}`);
  const part = '{"model":"gpt-4o-mini","messages":[';
  const body = headers['transfer-encoding'] ? `${part.length.toString(16)}\r\n${part}\r\n` : part;
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  const closedMs = await Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
  socket.destroy();
  return { text, firstByteMs, closedMs };
}

/**
 * Issue #33 item 7: a stalled upload with an unknown key waited for the body timeout before its 401.
 * The key is in the headers, so it is judged before a byte of the body is read: a bad key gets its
 * 401 at once on every surface, whatever the body does; a good key's stalled body gets the 408.
 */
describe('a stalled upload on the relay, on a running Tollgate', () => {
  let gateway: GatewayProcess;
  let upstream: OpenAIMock;
  let dataDir: string;
  let key: string;
  let root: ConsoleClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tollgate-stalled-'));
    upstream = await startOpenAIMock({ reply: 'fine' });
    gateway = await startGatewayProcess({ DATA_DIR: dataDir, BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' }, 60_000, 'all');
    root = new ConsoleClient(gateway.url);
    await root.login('root', '123456');
    await root.must('POST', '/api/channel/', { name: 'up', type: 1, key: 'sk-up', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default' });
    ({ key } = await createTokenKey(root, { name: 'good', remain_quota: 500_000, unlimited_quota: false, expired_time: -1 }));
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const badKeys: [string, string, Record<string, string>][] = [
    ['OpenAI', '/v1/chat/completions', { authorization: 'Bearer sk-unknownunknownunknown' }],
    ['OpenAI audio', '/v1/audio/transcriptions', { authorization: 'Bearer sk-unknownunknownunknown' }],
    ['Anthropic', '/v1/messages', { 'x-api-key': 'sk-unknownunknownunknown' }],
    ['Google', '/v1beta/models/gemini-pro:generateContent', { 'x-goog-api-key': 'unknownunknownunknown' }],
    ['Google, key in the query', '/v1beta/models/gemini-pro:generateContent?key=unknownunknown', {}],
    ['Midjourney', '/mj/submit/imagine', { 'mj-api-secret': 'sk-unknownunknownunknown', authorization: 'Bearer sk-unknownunknownunknown' }],
    ['Suno', '/suno/submit/music', { authorization: 'Bearer sk-unknownunknownunknown' }],
    ['OpenAI images, multipart', '/v1/images/edits', { authorization: 'Bearer sk-unknownunknownunknown', 'content-type': 'multipart/form-data; boundary=x' }],
    ['OpenAI responses, chunked', '/v1/responses', { authorization: 'Bearer sk-unknownunknownunknown', 'transfer-encoding': 'chunked' }],
    ['OpenAI, expecting 100-continue', '/v1/chat/completions', { authorization: 'Bearer sk-unknownunknownunknown', expect: '100-continue' }],
    ['playground without a session', '/pg/chat/completions', {}],
    ['no key at all', '/v1/chat/completions', {}],
  ];

  for (const [surface, path, headers] of badKeys) {
    it(`${surface}: an unknown key gets its 401 at once, not after the body timeout`, async () => {
      const answer = await stalledUpload(gateway.url, path, headers, BODY_TIMEOUT_MS * 2);
      expect(answer.text).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.firstByteMs).toBeGreaterThanOrEqual(0);
      expect(answer.firstByteMs).toBeLessThan(BODY_TIMEOUT_MS / 2);
      // Nor is the connection kept for a body nobody will read.
      expect(answer.closedMs).not.toBeNull();
      expect(answer.closedMs).toBeLessThan(BODY_TIMEOUT_MS / 2);
    });
  }

  it('a good key with a stalled body gets 408 once BODY_TIMEOUT_MS has passed, the connection closed, nothing charged', async () => {
    const before = await root.must<{ quota: number; used_quota: number }>('GET', '/api/user/self');
    const answer = await stalledUpload(gateway.url, '/v1/chat/completions', { authorization: `Bearer ${key}` }, BODY_TIMEOUT_MS * 4);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.firstByteMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(answer.closedMs).not.toBeNull();
    expect(upstream.requests).toHaveLength(0);
    // The key's whole balance is still available: a call that may cost most of it is admitted and answered.
    const call = await fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);
    const after = await root.must<{ quota: number; used_quota: number }>('GET', '/api/user/self');
    expect(after.quota + after.used_quota).toBe(before.quota + before.used_quota);
    expect(gateway.ended()).toBeNull();
  });
});
