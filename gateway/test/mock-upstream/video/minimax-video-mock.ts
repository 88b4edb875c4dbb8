import { createServer } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface MiniMaxVideoMock {
  url: string;
  /** The bodies of the accepted submits. */
  bodies: Record<string, unknown>[];
  close(): Promise<void>;
}

const STATUS = { queued: 'Queueing', in_progress: 'Processing', completed: 'Success', failed: 'Fail' } as const;
const OK = { status_code: 0, status_msg: 'success' };

/**
 * MiniMax's video generation (Hailuo): `POST /v1/video_generation` answers a task id,
 * `GET /v1/query/video_generation?task_id=` its status (Preparing, Queueing, Processing, Success,
 * Fail) and, when done, a `file_id`, whose download URL `GET /v1/files/retrieve?file_id=` gives;
 * every answer carries `base_resp`, a bearer key guards them.
 */
export async function startMiniMaxVideoMock(key: string): Promise<MiniMaxVideoMock> {
  const tasks = new Map<string, MockVideoTask>();
  const bodies: Record<string, unknown>[] = [];
  let baseUrl = '';
  let next = 1;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://mock');
    if (req.method === 'GET' && url.pathname.startsWith('/media/')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
    if (req.headers.authorization !== `Bearer ${key}`) return void sendJson(res, 200, { base_resp: { status_code: 1004, status_msg: 'authorization failed' } });
    if (req.method === 'GET' && url.pathname === '/v1/query/video_generation') {
      const task = tasks.get(url.searchParams.get('task_id') ?? '');
      if (!task) return void sendJson(res, 200, { base_resp: { status_code: 2013, status_msg: 'invalid task_id' } });
      const step = stepOf(task);
      return void sendJson(res, 200, { task_id: task.id, status: STATUS[step], ...(step === 'completed' ? { file_id: `file-${task.id}`, video_width: 1366, video_height: 768 } : {}), base_resp: OK });
    }
    if (req.method === 'GET' && url.pathname === '/v1/files/retrieve') {
      const fileId = url.searchParams.get('file_id') ?? '';
      return void sendJson(res, 200, { file: { file_id: fileId, bytes: MP4_BYTES.length, filename: 'output.mp4', purpose: 'video_generation', download_url: `${baseUrl}/media/${fileId.replace(/^file-/, '')}.mp4` }, base_resp: OK });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/video_generation') return void sendJson(res, 404, { base_resp: { status_code: 404, status_msg: 'not found' } });
    void readText(req).then((text) => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('refuse')) return sendJson(res, 200, { task_id: '', base_resp: { status_code: 1026, status_msg: 'input new_sensitive' } });
      bodies.push(body);
      const task: MockVideoTask = { id: String(106_000_000 + next++), model: String(body.model), prompt, body, createdAt: Date.now(), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, { task_id: task.id, base_resp: OK });
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return { url: listening.url, bodies, close: listening.close };
}
