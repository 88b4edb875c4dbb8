import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen.js';

/** The statuses a task walks through, one step per poll; a prompt containing "fail" ends in FAILURE. */
const WALK = [
  { status: 'NOT_START', progress: '0%' },
  { status: 'SUBMITTED', progress: '0%' },
  { status: 'IN_PROGRESS', progress: '50%' },
];

interface MockTask {
  id: string;
  /** Milliseconds, as the proxy reports times. */
  submittedAt: number;
  action: string;
  prompt: string;
  step: number;
  /** The secret it was submitted with: a proxy knows its own tasks only. */
  secret: string;
}

export interface TaskMock {
  url: string;
  /** Submits the mock accepted, by platform. */
  submitted: { mj: number; suno: number };
  /** The bodies of the Midjourney submits it accepted, in order. */
  mjBodies: Record<string, unknown>[];
  /** Calls refused for a wrong credential. */
  refused: number;
  /** How many polls asked about each task id. */
  polls: Map<string, number>;
  /** Times a poll asked about a task while another poll about it was still unanswered. */
  overlaps: number;
  close(): Promise<void>;
}

export interface TaskMockOptions {
  /** How long each poll takes to answer: a slow proxy. */
  pollDelayMs?: number;
}

/** A valid 1x1 PNG, so a browser shows the preview. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAFhAJ/wlseKgAAAABJRU5ErkJggg==', 'base64');

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body ? (JSON.parse(body) as Record<string, unknown>) : {}));
  });
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const STALLED = WALK[2] as (typeof WALK)[number];

/** Where the task is now, moving it one step on; a prompt containing "stall" is never finished. */
function advance(task: MockTask, baseUrl: string) {
  if (task.prompt.includes('stall')) return { ...STALLED, failReason: '', imageUrl: '', finish: false };
  const done = task.step >= WALK.length;
  const failed = done && task.prompt.includes('fail');
  const state = done ? { status: failed ? 'FAILURE' : 'SUCCESS', progress: failed ? '' : '100%' } : (WALK[task.step] as (typeof WALK)[number]);
  task.step++;
  return { ...state, failReason: failed ? 'Banned prompt' : '', imageUrl: done && !failed ? `${baseUrl}/image/${task.id}.png` : '', finish: done };
}

/**
 * A Midjourney Proxy (secret in `mj-api-secret`) and a Suno API (bearer key) in one server, as
 * their clients see them: submits answer a task id, and every poll moves each asked-about task one
 * status on (NOT_START, SUBMITTED, IN_PROGRESS 50%, then SUCCESS or FAILURE). It counts the polls
 * of each task, and the polls that overlapped another about the same task. Given several secrets
 * (several proxies behind one multi-key channel), each knows only the tasks submitted with it.
 */
export async function startTaskMock(secrets: string | readonly string[], options: TaskMockOptions = {}): Promise<TaskMock> {
  const tasks = new Map<string, MockTask>();
  const mock = { submitted: { mj: 0, suno: 0 }, mjBodies: [] as Record<string, unknown>[], refused: 0, polls: new Map<string, number>(), overlaps: 0 };
  const asking = new Set<string>();
  /** Answers a poll about `known` after the delay, counting each task's polls and any overlap. */
  const answerPoll = async (known: MockTask[], answer: () => unknown, res: ServerResponse) => {
    for (const { id } of known) {
      mock.polls.set(id, (mock.polls.get(id) ?? 0) + 1);
      if (asking.has(id)) mock.overlaps++;
      asking.add(id);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollDelayMs ?? 0));
    for (const { id } of known) asking.delete(id);
    json(res, 200, answer());
  };
  let next = 1_700_000_000_000;
  let baseUrl = '';
  const create = (action: string, prompt: string, secret: string) => {
    const task = { id: String(next++), submittedAt: Date.now(), action, prompt, step: 0, secret };
    tasks.set(task.id, task);
    return task;
  };
  const mjTask = (task: MockTask) => {
    const s = advance(task, baseUrl);
    return { id: task.id, action: task.action, prompt: task.prompt, promptEn: `${task.prompt} (en)`, description: '', status: s.status, progress: s.progress, imageUrl: s.imageUrl, failReason: s.failReason, submitTime: task.submittedAt, startTime: task.submittedAt + 10, finishTime: s.finish ? Date.now() : 0, buttons: [] };
  };
  const sunoTask = (task: MockTask) => {
    const s = advance(task, baseUrl);
    return { task_id: task.id, action: task.action, status: s.status, progress: s.progress, fail_reason: s.failReason, submit_time: Math.floor(task.submittedAt / 1000), start_time: Math.floor(task.submittedAt / 1000), finish_time: s.finish ? Math.floor(Date.now() / 1000) : 0, data: s.finish && !s.failReason ? [{ id: `clip-${task.id}`, audio_url: `${baseUrl}/clip.mp3` }] : [] };
  };
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/image/')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const credential = url.startsWith('/suno/') ? req.headers.authorization : req.headers['mj-api-secret'];
    const secret = [secrets].flat().find((known) => credential === (url.startsWith('/suno/') ? `Bearer ${known}` : known));
    if (secret === undefined) {
      mock.refused++;
      return void json(res, 401, { code: 0, description: 'unauthorized' });
    }
    readJson(req).then((body) => {
      const prompt = typeof body.prompt === 'string' ? body.prompt : '';
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      const known = ids.flatMap((id) => tasks.get(id) ?? []).filter((task) => task.secret === secret);
      if (url.startsWith('/mj/submit/')) {
        const originId = typeof body.taskId === 'string' ? body.taskId : typeof body.content === 'string' ? body.content.split(' ')[0] : undefined;
        const origin = originId === undefined ? undefined : tasks.get(originId);
        if (origin && origin.secret !== secret) return json(res, 200, { code: 3, description: '关联任务不存在', properties: {} });
        if (prompt.includes('refuse')) return json(res, 200, { code: 24, description: '可能包含敏感词', properties: { bannedWord: 'refuse' } });
        mock.submitted.mj++;
        mock.mjBodies.push(body);
        return json(res, 200, { code: 1, description: '提交成功', result: create(String(body.action ?? 'IMAGINE'), prompt, secret).id, properties: {} });
      }
      if (url === '/mj/task/list-by-condition') return void answerPoll(known, () => known.map(mjTask), res);
      if (url.endsWith('/image-seed')) return json(res, 200, { code: 1, description: '成功', result: '4242' });
      if (url.startsWith('/suno/submit/')) {
        mock.submitted.suno++;
        return json(res, 200, { code: 'success', message: '', data: create(url.endsWith('lyrics') ? 'LYRICS' : 'MUSIC', prompt, secret).id });
      }
      if (url === '/suno/fetch') return void answerPoll(known, () => ({ code: 'success', message: '', data: known.map(sunoTask) }), res);
      return json(res, 404, { code: 0, description: 'not found' });
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;
  return Object.assign(mock, { url: listening.url, close: listening.close });
}
