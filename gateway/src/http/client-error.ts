import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's parser met, as the status the client gets: a stalled request, oversized headers, or anything else unreadable. */
function statusOf(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'the request did not arrive whole within BODY_TIMEOUT_MS' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'the request line and headers exceed 16 KiB' };
  return { status: 400, message: 'the request is not readable HTTP' };
}

/**
 * Answers a request Node could not read (before any route, so before we know its surface) with
 * one body that is at once the console's envelope and the OpenAI, Anthropic and Google error
 * shapes, so whichever SDK sent it reads the reason. Then closes the connection, as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = statusOf(error.code);
  const reason = STATUS_CODES[status] ?? 'Client Error';
  const body = JSON.stringify({
    success: false,
    message,
    type: 'error',
    error: { message, type: 'invalid_request_error', code: status, status: status === 408 ? 'DEADLINE_EXCEEDED' : 'INVALID_ARGUMENT' },
  });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
