import type { IncomingMessage } from 'node:http';

/**
 * A browser opening the console's socket from another origin would ride the user's session
 * cookie (SameSite counts every port of a host as one site, and WebSockets know no CORS), so a
 * handshake that names an origin must name this host. A client that sends no Origin (a server, a
 * script) gets no cookie from a browser and is judged by its session alone.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Socket.IO's allowRequest: refuses a cross-origin handshake before any session is read. */
export function allowSameOrigin(request: IncomingMessage, answer: (error: string | null | undefined, allowed: boolean) => void): void {
  const allowed = isSameOrigin(request.headers.origin, request.headers.host);
  answer(allowed ? null : 'cross-origin', allowed);
}
