import { createServer } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface ArkVideoMock {
  url: string;
  /** The bodies of the accepted submits. */
  bodies: Record<string, unknown>[];
  close(): Promise<void>;
}

const STATUS = { queued: 'queued', in_progress: 'running', completed: 'succeeded', failed: 'failed' } as const;

/**
 * Volcengine Ark's content generation (Doubao Seedance): `POST /api/v3/contents/generations/tasks`
 * answers `{id}`, `GET …/tasks/{id}` the task with its status (queued, running, succeeded, failed),
 * `content.video_url` when done, Ark's `error` object when not; a bearer API key.
 */
export async function startArkVideoMock(key: string): Promise<ArkVideoMock> {
  const tasks = new Map<string, MockVideoTask>();
  const bodies: Record<string, unknown>[] = [];
  let baseUrl = '';
  let next = 1;
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/media/')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
    if (req.headers.authorization !== `Bearer ${key}`) return void sendJson(res, 401, { error: { code: 'AuthenticationError', message: 'the API key in the request is missing or invalid', type: 'Unauthorized' } });
    const query = /^\/api\/v3\/contents\/generations\/tasks\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && query) {
      const task = tasks.get(query[1] ?? '');
      if (!task) return void sendJson(res, 404, { error: { code: 'ResourceNotFound', message: 'task not found' } });
      const step = stepOf(task);
      const done = step === 'completed' ? { content: { video_url: `${baseUrl}/media/${task.id}.mp4` }, usage: { completion_tokens: 108900, total_tokens: 108900 } } : {};
      const failed = step === 'failed' ? { error: { code: 'OutputVideoSensitiveContentDetected', message: 'The request failed because the output video may contain sensitive information.' } } : {};
      return void sendJson(res, 200, { id: task.id, model: task.model, status: STATUS[step], ...done, ...failed, created_at: task.createdAt, updated_at: Math.floor(Date.now() / 1000) });
    }
    if (req.method !== 'POST' || url !== '/api/v3/contents/generations/tasks') return void sendJson(res, 404, { error: { code: 'NotFound', message: 'not found' } });
    void readText(req).then((text) => {
      const body = JSON.parse(text) as { model?: string; content?: { type: string; text?: string }[] };
      const prompt = body.content?.find((part) => part.type === 'text')?.text ?? '';
      if (prompt.includes('refuse')) return sendJson(res, 400, { error: { code: 'InputTextSensitiveContentDetected', message: 'The request failed because the input text may contain sensitive information.' } });
      bodies.push(body as Record<string, unknown>);
      const task: MockVideoTask = { id: `cgt-${next++}`, model: String(body.model), prompt, body: body as Record<string, unknown>, createdAt: Math.floor(Date.now() / 1000), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, { id: task.id });
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return { url: listening.url, bodies, close: listening.close };
}
