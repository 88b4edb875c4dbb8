import { createServer } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';
import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface VeoGeminiMock {
  url: string;
  /** Each accepted submit: the model named in its path and its body. */
  submits: { model: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

/**
 * Veo on the Gemini API: `POST /v1beta/models/{model}:predictLongRunning` answers an operation
 * `{name: models/{model}/operations/{id}}`, `GET /v1beta/{name}` the operation (not done, done with
 * `response.generateVideoResponse.generatedSamples[].video.uri`, or done with an `error`), and the
 * sample's URI downloads the video; every call needs the key in `x-goog-api-key`.
 */
export async function startVeoGeminiMock(key: string): Promise<VeoGeminiMock> {
  const tasks = new Map<string, MockVideoTask>();
  const submits: VeoGeminiMock['submits'] = [];
  let baseUrl = '';
  let next = 1;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (req.headers['x-goog-api-key'] !== key) return void sendJson(res, 403, googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.'));
    const download = /^\/v1beta\/files\/([\w-]+):download$/.exec(url.pathname);
    if (req.method === 'GET' && download && url.searchParams.get('alt') === 'media' && tasks.has(download[1] ?? '')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4_BYTES);
    const poll = /^\/v1beta\/(models\/[\w.-]+\/operations\/([\w-]+))$/.exec(url.pathname);
    if (req.method === 'GET' && poll) {
      const task = tasks.get(poll[2] ?? '');
      if (!task) return void sendJson(res, 404, googleError(404, 'NOT_FOUND', 'Operation not found'));
      const name = poll[1];
      const step = stepOf(task);
      if (step === 'queued' || step === 'in_progress') return void sendJson(res, 200, { name });
      if (step === 'failed') return void sendJson(res, 200, { name, done: true, error: { code: 3, message: 'The prompt could not be submitted: it violates the usage guidelines.' } });
      const samples = [{ video: { uri: `${baseUrl}/v1beta/files/${task.id}:download?alt=media` } }];
      return void sendJson(res, 200, { name, done: true, response: { '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse', generateVideoResponse: { generatedSamples: samples } } });
    }
    const submit = /^\/v1beta\/models\/([\w.-]+):predictLongRunning$/.exec(url.pathname);
    if (req.method !== 'POST' || !submit) return void sendJson(res, 404, googleError(404, 'NOT_FOUND', 'not found'));
    void readText(req).then((text) => {
      const body = JSON.parse(text) as { instances?: { prompt?: string }[] };
      const prompt = body.instances?.[0]?.prompt ?? '';
      if (prompt.includes('refuse')) return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'The prompt contains content that violates the usage guidelines.'));
      const model = submit[1] ?? '';
      submits.push({ model, body: body as Record<string, unknown> });
      const task: MockVideoTask = { id: `op${next++}x`, model, prompt, body: body as Record<string, unknown>, createdAt: Date.now(), polls: 0 };
      tasks.set(task.id, task);
      sendJson(res, 200, { name: `models/${model}/operations/${task.id}` });
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return { url: listening.url, submits, close: listening.close };
}
