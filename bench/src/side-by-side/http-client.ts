import { Agent, request } from 'node:http';

/**
 * A bare node:http client on keep-alive sockets: at c=1 the client's own cost lands on both sides
 * of a comparison, so it only has to be small and the same, not zero.
 */
export const keepAlive = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Timed {
  status: number;
  /** Send to the last byte of the body, ms. */
  totalMs: number;
  /** The gateway's own report of its overhead, when the answer carries it. */
  overheadHeaderMs: number | undefined;
}

/** POSTs `body` and reads the whole answer. */
export function timedPost(url: string, headers: Record<string, string>, body: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const call = request(url, { method: 'POST', agent: keepAlive, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => {
        const header = response.headers['x-tollgate-overhead-ms'];
        resolve({ status: response.statusCode ?? 0, totalMs: performance.now() - started, overheadHeaderMs: typeof header === 'string' ? Number(header) : undefined });
      });
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

export interface StreamTiming {
  ok: boolean;
  /** Send to the first SSE event, ms. */
  firstEventMs: number;
  /** Gaps between consecutive content events, ms. */
  gapsMs: number[];
}

/** POSTs a streaming request and times each SSE event as it arrives. */
export function timedStream(url: string, headers: Record<string, string>, body: string): Promise<StreamTiming> {
  return new Promise((resolve) => {
    const started = performance.now();
    const arrivals: number[] = [];
    let buffered = '';
    let done = false;
    const call = request(url, { method: 'POST', agent: keepAlive, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        const now = performance.now();
        const events = (buffered + text).split('\n\n');
        buffered = events.pop() ?? '';
        for (const event of events) {
          if (event.includes('[DONE]')) done = true;
          else if (event.includes('"content"')) arrivals.push(now);
        }
      });
      response.on('end', () => resolve(streamTiming(response.statusCode === 200 && done, started, arrivals)));
      response.on('error', () => resolve(streamTiming(false, started, arrivals)));
    });
    call.on('error', () => resolve(streamTiming(false, started, arrivals)));
    call.end(body);
  });
}

function streamTiming(ok: boolean, started: number, arrivals: number[]): StreamTiming {
  const gapsMs = arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? at));
  return { ok, firstEventMs: (arrivals[0] ?? Number.NaN) - started, gapsMs };
}
