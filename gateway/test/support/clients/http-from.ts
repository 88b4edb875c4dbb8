import { type IncomingHttpHeaders, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP call whose socket is bound to `localAddress` (any 127.0.0.0/8 address on Linux), so a
 * test is a distinct real client of the server, whatever headers it sends.
 */
export function httpFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString('utf8') }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(init.body);
  });
}
