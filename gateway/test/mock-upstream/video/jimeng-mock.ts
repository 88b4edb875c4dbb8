import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface JimengMock {
  url: string;
  /** Each accepted submit's body. */
  bodies: Record<string, unknown>[];
  /** Calls refused for a missing or wrong signature. */
  refused: number;
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const hex = (data: string) => createHash('sha256').update(data).digest('hex');

/**
 * Volcengine's check of a signed call, from its documentation: the canonical request rebuilt from
 * what arrived (method, path, sorted query, the signed headers' values, the body's hash), the key
 * derived from the secret through the date, region and service, and the signature compared.
 */
function signedBy(req: IncomingMessage, body: string, access: string, secret: string): boolean {
  const match = /^HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization));
  if (!match) return false;
  const [, key, day, region, service, signedHeaders = '', signature] = match;
  const xDate = String(req.headers['x-date'] ?? '');
  if (key !== access || !xDate.startsWith(day ?? '-') || hex(body) !== req.headers['x-content-sha256']) return false;
  const url = new URL(req.url ?? '/', 'http://mock');
  const query = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const headers = signedHeaders.split(';').map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join('');
  const canonical = `${req.method}\n${url.pathname}\n${query}\n${headers}\n${signedHeaders}\n${hex(body)}`;
  const scope = `${day}/${region}/${service}/request`;
  const signingKey = hmac(hmac(hmac(hmac(secret, day ?? ''), region ?? ''), service ?? ''), 'request');
  return service === 'cv' && signedHeaders.includes('host') && hmac(signingKey, `HMAC-SHA256\n${xDate}\n${scope}\n${hex(canonical)}`).toString('hex') === signature;
}

const STATUS = { queued: 'in_queue', in_progress: 'generating', completed: 'done' } as const;

/**
 * Jimeng on Volcengine's visual API: `POST /?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`
 * answers the task id in `{code: 10000, data: {task_id}}`, `Action=CVSync2AsyncGetResult` (with
 * the same req_key) its status (in_queue, generating, done) and, done, its `video_url`; a failed
 * task answers a code of its own. Every call is signed with the account's access and secret key.
 */
export async function startJimengMock(access: string, secret: string): Promise<JimengMock> {
  const tasks = new Map<string, MockVideoTask & { reqKey: string }>();
  const mock = { bodies: [] as Record<string, unknown>[], refused: 0 };
  let baseUrl = '';
  let next = 1;
  const envelope = (code: number, message: string, data: unknown) => ({ code, message, data, request_id: `req-${next}`, status: code, time_elapsed: '10ms' });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (req.method === 'GET' && url.pathname.startsWith('/media/')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
    void readText(req).then((text) => {
      if (!signedBy(req, text, access, secret)) {
        mock.refused++;
        return sendJson(res, 401, { ResponseMetadata: { Action: url.searchParams.get('Action'), Error: { Code: 'SignatureDoesNotMatch', Message: 'The request signature we calculated does not match the signature you provided.' } } });
      }
      const body = JSON.parse(text) as Record<string, unknown>;
      const action = url.searchParams.get('Action');
      if (req.method !== 'POST' || url.pathname !== '/' || url.searchParams.get('Version') !== '2022-08-31') return sendJson(res, 404, envelope(50400, 'Invalid Action', null));
      if (action === 'CVSync2AsyncGetResult') {
        const task = tasks.get(String(body.task_id));
        if (!task || task.reqKey !== body.req_key) return sendJson(res, 200, envelope(50400, 'task not found under this req_key', { status: 'not_found' }));
        const step = stepOf(task);
        if (step === 'failed') return sendJson(res, 200, envelope(50413, 'Post Text Risk Not Pass', null));
        return sendJson(res, 200, envelope(10000, 'Success', { status: STATUS[step], video_url: step === 'completed' ? `${baseUrl}/media/${task.id}.mp4` : '', resp_data: '' }));
      }
      if (action !== 'CVSync2AsyncSubmitTask') return sendJson(res, 404, envelope(50400, 'Invalid Action', null));
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('refuse')) return sendJson(res, 400, envelope(50412, 'Text Risk Not Pass', null));
      mock.bodies.push(body);
      const task = { id: String(7_000_000_000 + next++), reqKey: String(body.req_key), model: String(body.req_key), prompt, body, createdAt: Date.now(), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, envelope(10000, 'Success', { task_id: task.id }));
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return Object.assign(mock, { url: listening.url, close: listening.close });
}
