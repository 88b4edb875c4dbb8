import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { WebSocketServer } from 'ws';
import { listenOnLoopback } from '../listen.js';
import { type MockReply, pieces } from '../provider-mock.js';

export interface XunfeiMock {
  url: string;
  /** The request frames received, in order. */
  frames: Record<string, unknown>[];
  paths: string[];
  close(): Promise<void>;
}

/** Xunfei's check of the handshake: the authorization names the API key and signs host, date and request line with the secret. */
function signedRight(request: IncomingMessage, apiKey: string, apiSecret: string): boolean {
  const url = new URL(request.url ?? '', 'http://spark');
  const date = url.searchParams.get('date') ?? '';
  const host = url.searchParams.get('host') ?? '';
  const signature = createHmac('sha256', apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`).digest('base64');
  const expected = `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  const fresh = Math.abs(Date.now() - Date.parse(date)) < 300_000;
  return fresh && host === request.headers.host && Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString() === expected;
}

/**
 * Spark's chat WebSocket: refuses a handshake whose signed URL does not verify (HTTP 401), takes
 * one request frame and answers in frames, status 2 on the last with usage, as Xunfei does.
 */
export async function startXunfeiMock(options: MockReply & { appId: string; apiKey: string; apiSecret: string }): Promise<XunfeiMock> {
  const frames: Record<string, unknown>[] = [];
  const paths: string[] = [];
  const server = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    paths.push(new URL(request.url ?? '', 'http://spark').pathname);
    if (!signedRight(request, options.apiKey, options.apiSecret)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"message":"HMAC signature does not match"}');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { header?: { app_id?: string } };
        frames.push(frame as Record<string, unknown>);
        if (frame.header?.app_id !== options.appId) {
          ws.send(JSON.stringify({ header: { code: 10313, message: 'invalid appid', sid: 's-0', status: 2 } }));
          return ws.close();
        }
        const parts = pieces(options.reply);
        parts.forEach((content, seq) => {
          const status = seq === parts.length - 1 ? 2 : seq === 0 ? 0 : 1;
          const usage = status === 2 ? { usage: { text: { question_tokens: 1, prompt_tokens: options.promptTokens, completion_tokens: options.outputTokens, total_tokens: options.promptTokens + options.outputTokens } } } : {};
          ws.send(JSON.stringify({ header: { code: 0, message: 'Success', sid: 's-1', status }, payload: { choices: { status, seq, text: [{ content, role: 'assistant', index: 0 }] }, ...usage } }));
        });
        ws.close();
      });
    });
  });
  const listening = await listenOnLoopback(server);
  return { url: listening.url, frames, paths, close: listening.close };
}
