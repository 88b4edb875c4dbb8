import { createServer } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';

export interface ImageWorkerMock {
  url: string;
  /** The image addresses it was asked for with the right key. */
  fetched: string[];
  close(): Promise<void>;
}

/**
 * An operator's image worker as new-api calls it: a POST of `{url, key}`; with the right key it
 * downloads the image and answers with its bytes and type, else 403.
 */
export async function startImageWorkerMock(validKey: string): Promise<ImageWorkerMock> {
  const fetched: string[] = [];
  const server = createServer((req, res) => {
    readText(req).then(async (text) => {
      const { url, key } = JSON.parse(text) as { url: string; key: string };
      if (req.method !== 'POST' || key !== validKey) return sendJson(res, 403, { error: 'invalid key' });
      fetched.push(url);
      const image = await fetch(url);
      res.writeHead(image.status, { 'content-type': image.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await image.arrayBuffer()));
    }).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  const listening = await listenOnLoopback(server);
  return { url: listening.url, fetched, close: listening.close };
}
