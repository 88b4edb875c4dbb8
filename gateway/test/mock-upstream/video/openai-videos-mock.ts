import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface VideosMock {
  url: string;
  /** Submits accepted, and the bodies they carried. */
  bodies: Record<string, unknown>[];
  /** The key each accepted submit came with, in order. */
  submitKeys: string[];
  close(): Promise<void>;
}

/** A create's body: JSON, or videos.create's multipart form (its input_reference file as its name, type and size). */
async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const bytes = Buffer.concat(parts);
  const type = String(req.headers['content-type']);
  if (!type.startsWith('multipart/form-data')) return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  const body: Record<string, unknown> = {};
  for (const [name, value] of form) body[name] = typeof value === 'string' ? value : { filename: value.name, type: value.type, size: value.size };
  return body;
}

/**
 * OpenAI's video API (`POST /v1/videos`, `GET /v1/videos/{id}`, `GET /v1/videos/{id}/content`)
 * behind a bearer key: a video object that goes queued, in_progress, then completed or failed
 * (with OpenAI's `error` object); a prompt with "refuse" is refused at submit, as moderation does.
 * `POST /v1/videos/{id}/remix` makes a new video from a finished one. Given several keys (several
 * accounts), a video is found only under the key that made it.
 */
export async function startOpenAIVideosMock(...keys: string[]): Promise<VideosMock> {
  const tasks = new Map<string, MockVideoTask & { key: string }>();
  const bodies: Record<string, unknown>[] = [];
  const submitKeys: string[] = [];
  let next = 1;
  const objectOf = (task: MockVideoTask) => {
    const step = stepOf(task);
    const body = task.body;
    return {
      id: task.id, object: 'video', model: task.model, status: step, progress: step === 'completed' ? 100 : step === 'in_progress' ? 40 : 0, created_at: task.createdAt,
      seconds: String(body.seconds ?? '4'), size: String(body.size ?? '720x1280'),
      ...(step === 'failed' ? { error: { code: 'moderation_blocked', message: 'Your request was blocked by our moderation system.' } } : {}),
    };
  };
  const server = createServer((req, res) => {
    const key = keys.find((k) => req.headers.authorization === `Bearer ${k}`);
    if (!key) return void sendJson(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    const url = req.url ?? '';
    const match = /^\/v1\/videos\/([^/]+)(\/content)?$/.exec(url);
    if (req.method === 'GET' && match) {
      const task = tasks.get(decodeURIComponent(match[1] ?? ''));
      if (task?.key !== key) return void sendJson(res, 404, { error: { message: 'Video not found', type: 'invalid_request_error' } });
      if (match[2]) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
      return void sendJson(res, 200, objectOf(task));
    }
    const remix = /^\/v1\/videos\/([^/]+)\/remix$/.exec(url);
    const source = remix ? tasks.get(decodeURIComponent(remix[1] ?? '')) : undefined;
    if (req.method !== 'POST' || (url !== '/v1/videos' && !remix)) return void sendJson(res, 404, { error: { message: 'not found' } });
    // A remix is of a video this account made and finished; it keeps the source's model, length and size.
    if (remix && (source?.key !== key || source.polls < 3)) return void sendJson(res, 404, { error: { message: 'Video not found or not completed', type: 'invalid_request_error' } });
    void bodyOf(req).then((sent) => {
      const body = source ? { model: source.model, seconds: source.body.seconds, size: source.body.size, ...sent, remixed_from_video_id: source.id } : sent;
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('refuse')) return sendJson(res, 400, { error: { message: 'Your request was rejected by the safety system.', type: 'invalid_request_error', code: 'moderation_blocked' } });
      bodies.push(body);
      submitKeys.push(key);
      const task = { id: `video_${next++}`, key, model: String(body.model), prompt, body, createdAt: Math.floor(Date.now() / 1000), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, { id: task.id, object: 'video', model: task.model, status: 'queued', progress: 0, created_at: task.createdAt, seconds: String(body.seconds ?? '4'), size: String(body.size ?? '720x1280'), remixed_from_video_id: source?.id ?? null });
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  return { url: listening.url, bodies, submitKeys, close: listening.close };
}
