import { request } from 'undici';
import { fetchPolicy, refusedUrl } from '../http/fetch-guard/fetch-policy.js';
import { FetchRefused, guardedRequest } from '../http/fetch-guard/guarded-request.js';
import type { Options } from '../ports/options.js';

export interface FetchedImage {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * Downloads a task's image: directly, or through the operator's worker (WorkerUrl) when set, the
 * way new-api asks it: a POST of the URL and the WorkerValidKey, the worker answering with the bytes.
 * The URL comes from the upstream, so it passes the fetch policy first; directly, each address it
 * resolves to is judged as it is dialled. Throws FetchRefused when the policy refuses it.
 */
export async function fetchImage(options: Options, url: string): Promise<FetchedImage> {
  const policy = fetchPolicy(options);
  const worker = options.string('WorkerUrl');
  let answer;
  if (worker) {
    const refusal = refusedUrl(policy, url);
    if (refusal) throw new FetchRefused(refusal);
    answer = await request(worker, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, key: options.string('WorkerValidKey') }) });
  } else answer = await guardedRequest(policy, url, { method: 'GET' });
  const contentType = String(answer.headers['content-type'] ?? 'application/octet-stream');
  return { status: answer.statusCode, contentType, body: Buffer.from(await answer.body.arrayBuffer()) };
}
