import { randomBytes, type KeyObject, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { claudeAnswer, claudeStreamEvents, defaultClaudeOptions } from './anthropic-mock.js';
import { geminiAnswer, writeGeminiStream } from './gemini-mock.js';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';
import { veoVertexOperations } from '../video/veo-vertex-operations.js';

export interface VertexMock {
  url: string;
  /** The service account's token_uri: the mock's OAuth token endpoint. */
  tokenUri: string;
  /** Access tokens issued (a cached token is not asked for again). */
  tokensIssued: number;
  requests: { path: string; body: Record<string, unknown>; beta?: string }[];
  /** Veo's accepted video submits. */
  veoSubmits: { model: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface VertexMockOptions {
  clientEmail: string;
  /** The public half of the service account's key: assertions must verify with it. */
  publicKey: KeyObject;
  reply: string;
  promptTokens: number;
  outputTokens: number;
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const segment = (text: string | undefined) => JSON.parse(Buffer.from(text ?? '', 'base64url').toString('utf8') || '{}') as Record<string, unknown>;

/** Google's checks of a JWT-bearer assertion: RS256 over header.claims with the account's key, the issuer, audience, scope and lifetime. */
function assertionHolds(assertion: string, o: VertexMockOptions, tokenUri: string): boolean {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature || segment(header).alg !== 'RS256') return false;
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), o.publicKey, Buffer.from(signature, 'base64url'))) return false;
  const c = segment(claims);
  const now = Date.now() / 1000;
  return c.iss === o.clientEmail && c.aud === tokenUri && c.scope === SCOPE && Number(c.iat) <= now + 5 && Number(c.exp) > now && Number(c.exp) - Number(c.iat) <= 3600;
}

const MODEL_PATH = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):(\w+)(\?alt=sse)?$/;

/**
 * A real HTTP server standing in for Google: the OAuth token endpoint (form-encoded JWT bearer
 * grant, verified against the service account's public key) and Vertex AI's publisher model
 * methods, which require the issued token as Bearer: Gemini's generateContent and
 * streamGenerateContent, Claude's rawPredict and streamRawPredict (SSE), and Veo's long-running
 * predictLongRunning and fetchPredictOperation.
 */
export async function startVertexMock(o: VertexMockOptions): Promise<VertexMock> {
  const issued = new Set<string>();
  const requests: VertexMock['requests'] = [];
  const claude = defaultClaudeOptions({ reply: o.reply, inputTokens: o.promptTokens, outputTokens: o.outputTokens });
  const mock = { tokensIssued: 0, tokenUri: '' };
  const veo = veoVertexOperations();
  const onToken = (form: URLSearchParams): [number, object] => {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !assertionHolds(form.get('assertion') ?? '', o, mock.tokenUri)) {
      return [400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }];
    }
    const token = `ya29.${randomBytes(12).toString('hex')}`;
    issued.add(token);
    mock.tokensIssued += 1;
    return [200, { access_token: token, expires_in: 3599, token_type: 'Bearer' }];
  };
  const server = createServer(answering(async (request: IncomingMessage, response) => {
    const text = await readText(request);
    if (request.url === '/token') return sendJson(response, ...onToken(new URLSearchParams(text)));
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer || !issued.has(bearer)) return sendJson(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    const route = MODEL_PATH.exec(request.url ?? '');
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    const beta = request.headers['anthropic-beta'];
    requests.push({ path: request.url ?? '', body, ...(typeof beta === 'string' ? { beta } : {}) });
    if (!route) return sendJson(response, 404, { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } });
    const [, project = '', region = '', publisher, model = '', method = ''] = route;
    if (publisher === 'google' && (method === 'predictLongRunning' || method === 'fetchPredictOperation')) return sendJson(response, ...veo.answer(project, region, model, method, body));
    if (publisher === 'google' && method === 'streamGenerateContent') return writeGeminiStream(response, o);
    if (publisher === 'google') return sendJson(response, 200, geminiAnswer(o));
    if (body.anthropic_version !== 'vertex-2023-10-16') return sendJson(response, 400, { error: { code: 400, message: 'anthropic_version: vertex-2023-10-16 required' } });
    // The model is the URL's; Vertex refuses it in the body.
    if ('model' in body) return sendJson(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'model: Extra inputs are not permitted' } });
    if (method === 'rawPredict') return sendJson(response, 200, claudeAnswer(decodeURIComponent(model), claude));
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of claudeStreamEvents(model, claude)) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    response.end();
  }));
  const listening = await listenOnLoopback(server);
  mock.tokenUri = `${listening.url}/token`;
  return Object.assign(mock, { url: listening.url, requests, veoSubmits: veo.submits, close: listening.close });
}
