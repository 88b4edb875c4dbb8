import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { type AnthropicMockOptions, claudeAnswer, claudeStreamEvents, defaultClaudeOptions } from './anthropic-mock.js';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

export interface BedrockMock {
  url: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** Requests refused because their signature did not verify. */
  refused: number;
  configure(options: AnthropicMockOptions): void;
  close(): Promise<void>;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/bedrock\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/;

/** The keys Bedrock's Anthropic Messages body may hold; it refuses any other. */
const BEDROCK_KEYS = new Set(['anthropic_version', 'anthropic_beta', 'system', 'messages', 'max_tokens', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'tools', 'tool_choice', 'thinking']);

/** Bedrock's 400 for a body it cannot take (its ValidationException message), or null. */
function malformed(body: Record<string, unknown>): string | null {
  const extraneous = Object.keys(body).find((key) => !BEDROCK_KEYS.has(key));
  if (extraneous) return `Malformed input request: extraneous key [${extraneous}] is not permitted, please reformat your input and try again.`;
  if (body.anthropic_version !== 'bedrock-2023-05-31') return 'Malformed input request: #: required key [anthropic_version] not found';
  const beta = body.anthropic_beta;
  if (beta !== undefined && !(Array.isArray(beta) && beta.every((flag) => typeof flag === 'string'))) return 'Malformed input request: #/anthropic_beta: expected type: JSONArray';
  return null;
}

/** "20261122T213000Z" as a Date. */
const amzDate = (text: string) => new Date(text.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** Recomputes the SigV4 signature from what arrived, as AWS does, with the account's secret. */
async function signatureHolds(request: IncomingMessage, body: string, account: { accessKeyId: string; secretAccessKey: string; region: string }): Promise<boolean> {
  const auth = AUTH.exec(String(request.headers.authorization ?? ''));
  if (!auth || auth[1] !== account.accessKeyId || auth[3] !== account.region) return false;
  const headers = Object.fromEntries((auth[4] ?? '').split(';').map((name) => [name, String(request.headers[name] ?? '')]));
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  const signer = new SignatureV4({ service: 'bedrock', region: account.region, credentials: account, sha256: Sha256 });
  const expected = await signer.sign(
    { method: request.method ?? 'POST', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: {}, headers, body },
    { signingDate: amzDate(String(request.headers['x-amz-date'])) },
  );
  return expected.headers.authorization === request.headers.authorization;
}

/** One event-stream frame as Bedrock sends it: a `chunk` event whose payload wraps a Claude event in base64. */
export function chunkFrame(event: object): Uint8Array {
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  const string = (value: string) => ({ type: 'string' as const, value });
  return codec.encode({
    headers: { ':event-type': string('chunk'), ':content-type': string('application/json'), ':message-type': string('event') },
    body: fromUtf8(JSON.stringify({ bytes, p: 'abcdefgh' })),
  });
}

function streamFrames(response: ServerResponse, model: string, o: Required<AnthropicMockOptions>): void {
  response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
  for (const event of claudeStreamEvents(model, o)) {
    const frame = chunkFrame(event);
    // Split each frame across two writes, as TCP may: the decoder must reassemble them.
    response.write(frame.subarray(0, 7));
    response.write(frame.subarray(7));
  }
  response.end();
}

/**
 * A real HTTP server speaking Bedrock Runtime's InvokeModel and InvokeModelWithResponseStream for
 * Anthropic models: it verifies the SigV4 signature (403 as AWS answers a wrong one), requires
 * anthropic_version in the body and refuses any key Bedrock does not take, and streams real event-stream frames (CRC-checked by the client).
 */
export async function startBedrockMock(account: { accessKeyId: string; secretAccessKey: string; region: string }, initial: AnthropicMockOptions = {}): Promise<BedrockMock> {
  let o = defaultClaudeOptions(initial);
  const requests: BedrockMock['requests'] = [];
  const mock = { refused: 0 };
  const server = createServer(answering(async (request, response) => {
    const text = await readText(request);
    if (!(await signatureHolds(request, text, account))) {
      mock.refused += 1;
      return sendJson(response, 403, { message: 'The request signature we calculated does not match the signature you provided.' });
    }
    const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/.exec(request.url ?? '');
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    requests.push({ path: request.url ?? '', headers: request.headers, body });
    if (!route) return sendJson(response, 404, { message: 'Not Found' });
    const refusal = malformed(body);
    if (refusal) return sendJson(response, 400, { message: refusal });
    const model = decodeURIComponent(route[1] ?? '');
    if (route[2] === 'invoke-with-response-stream') return streamFrames(response, model, o);
    sendJson(response, 200, claudeAnswer(model, o));
  }));
  const listening = await listenOnLoopback(server);
  return Object.assign(mock, {
    url: listening.url,
    requests,
    configure: (next: AnthropicMockOptions) => {
      o = { ...o, ...next };
    },
    close: listening.close,
  });
}
