import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface KlingMock {
  url: string;
  /** Each accepted submit: the path it came to and its body. */
  submits: { path: string; body: Record<string, unknown> }[];
  /** Calls refused for a missing, forged or expired token. */
  refused: number;
  close(): Promise<void>;
}

/** Whether the bearer token is an HS256 JWT issued by `access`, signed with `secret`, valid now (Kling's check). */
function validToken(req: IncomingMessage, access: string, secret: string): boolean {
  const [header = '', payload = '', signature = ''] = (req.headers.authorization ?? '').replace(/^Bearer /, '').split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: string; exp?: number; nbf?: number };
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg;
  const now = Date.now() / 1000;
  return alg === 'HS256' && claims.iss === access && (claims.nbf ?? 0) <= now && now < (claims.exp ?? 0);
}

const STATUS = { queued: 'submitted', in_progress: 'processing', completed: 'succeed', failed: 'failed' } as const;

/**
 * Kling's video API: `POST /v1/videos/{text2video|image2video}` and `GET` the same path plus the
 * task id, behind a JWT signed with the account's secret key; answers in Kling's `{code, message,
 * request_id, data}` envelope, the finished video's URL in `task_result.videos`.
 */
export async function startKlingMock(access: string, secret: string): Promise<KlingMock> {
  const tasks = new Map<string, MockVideoTask & { kind: string }>();
  const mock = { submits: [] as { path: string; body: Record<string, unknown> }[], refused: 0 };
  let baseUrl = '';
  let next = 1;
  const envelope = (data: unknown) => ({ code: 0, message: 'SUCCEED', request_id: `req-${next}`, data });
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/media/')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
    if (!validToken(req, access, secret)) {
      mock.refused++;
      return void sendJson(res, 401, { code: 1000, message: 'Authentication failed', request_id: 'req-auth' });
    }
    const query = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && query) {
      const task = tasks.get(query[2] ?? '');
      if (!task || task.kind !== query[1]) return void sendJson(res, 404, { code: 1203, message: 'task not found', request_id: 'req-404' });
      const step = stepOf(task);
      const videos = step === 'completed' ? [{ id: `v-${task.id}`, url: `${baseUrl}/media/${task.id}.mp4`, duration: String(task.body.duration) }] : [];
      const failure = step === 'failed' ? { task_status_msg: 'Failure to pass the risk control system' } : {};
      return void sendJson(res, 200, envelope({ task_id: task.id, task_status: STATUS[step], ...failure, task_result: { videos }, created_at: task.createdAt, updated_at: Date.now() }));
    }
    const submit = /^\/v1\/videos\/(text2video|image2video)$/.exec(url);
    if (req.method !== 'POST' || !submit) return void sendJson(res, 404, { code: 1203, message: 'not found', request_id: 'req-404' });
    void readText(req).then((text) => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('refuse')) return sendJson(res, 400, { code: 1301, message: 'Trigger the content security policy of the platform', request_id: 'req-refused' });
      mock.submits.push({ path: url, body });
      const task = { id: `kt-${next++}`, kind: submit[1] ?? '', model: String(body.model_name), prompt, body, createdAt: Date.now(), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, envelope({ task_id: task.id, task_status: 'submitted', created_at: task.createdAt, updated_at: task.createdAt }));
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return Object.assign(mock, { url: listening.url, close: listening.close });
}
