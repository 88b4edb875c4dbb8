import type { FastifyReply } from 'fastify';

/** The console API's answer shape: `{ success, message, data }`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

export function ok<T>(data?: T, message = ''): Envelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/**
 * A failed console call. The wire-compatible gateway answers most business failures with
 * HTTP 200 and success=false; auth failures use 401/403 so the console's handler redirects.
 */
export function fail(reply: FastifyReply, message: string, status = 200): Envelope<never> {
  void reply.code(status);
  return { success: false, message };
}
