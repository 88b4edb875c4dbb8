import { request } from 'undici';
import type { OptionCache } from '../options/option-cache.js';

export interface FetchedImage {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * Downloads a task's image: directly, or through the operator's worker (WorkerUrl) when set, the
 * way new-api asks it: a POST of the URL and the WorkerValidKey, the worker answering with the bytes.
 */
export async function fetchImage(options: OptionCache, url: string): Promise<FetchedImage> {
  const worker = options.string('WorkerUrl');
  const answer = worker
    ? await request(worker, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, key: options.string('WorkerValidKey') }) })
    : await request(url);
  const contentType = String(answer.headers['content-type'] ?? 'application/octet-stream');
  return { status: answer.statusCode, contentType, body: Buffer.from(await answer.body.arrayBuffer()) };
}
