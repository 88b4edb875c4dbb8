import { createServer } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface ViduMock {
  url: string;
  /** Each accepted submit: the route it came to and its body. */
  submits: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const STATE = { queued: 'queueing', in_progress: 'processing', completed: 'success', failed: 'failed' } as const;
const ROUTES = /^\/ent\/v2\/(text2video|img2video|start-end2video|reference2video)$/;

/**
 * Vidu's API: `POST /ent/v2/{text2video|img2video|start-end2video|reference2video}` answers the
 * task (`task_id`, `state`), `GET /ent/v2/tasks/{id}/creations` its state and, when done, its
 * creations' URLs, or an `err_code`; the key is sent as `Authorization: Token <key>`.
 */
export async function startViduMock(key: string): Promise<ViduMock> {
  const tasks = new Map<string, MockVideoTask>();
  const submits: { path: string; body: Record<string, unknown> }[] = [];
  let baseUrl = '';
  let next = 1;
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/media/')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
    if (req.headers.authorization !== `Token ${key}`) return void sendJson(res, 401, { code: 'Unauthorized', reason: 'invalid api key' });
    const query = /^\/ent\/v2\/tasks\/([^/]+)\/creations$/.exec(url);
    if (req.method === 'GET' && query) {
      const task = tasks.get(query[1] ?? '');
      if (!task) return void sendJson(res, 404, { code: 'NotFound', reason: 'task not found' });
      const step = stepOf(task);
      const creations = step === 'completed' ? [{ id: `c-${task.id}`, url: `${baseUrl}/media/${task.id}.mp4`, cover_url: `${baseUrl}/media/${task.id}.jpg` }] : [];
      return void sendJson(res, 200, { state: STATE[step], err_code: step === 'failed' ? 'AuditSubmitIllegal' : '', credits: 4, payload: '', creations });
    }
    if (req.method !== 'POST' || !ROUTES.test(url)) return void sendJson(res, 404, { code: 'NotFound', reason: 'not found' });
    void readText(req).then((text) => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('refuse')) return sendJson(res, 400, { code: 'AuditSubmitIllegal', reason: 'the prompt did not pass the audit' });
      submits.push({ path: url, body });
      const task: MockVideoTask = { id: String(800_000_000 + next++), model: String(body.model), prompt, body, createdAt: Date.now(), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, { task_id: task.id, state: 'created', model: body.model, images: body.images, prompt, duration: body.duration, resolution: body.resolution, created_at: new Date().toISOString() });
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return { url: listening.url, submits, close: listening.close };
}
