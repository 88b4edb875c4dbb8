import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** The scheme and host a request reached this gateway on (a trusted proxy's forwarded ones count). */
export interface RequestSite {
  protocol: string;
  host: string | undefined;
}

/** Where the console may also be served from: `ServerAddress`, and the operator's list. */
export interface ConsoleOriginSources {
  config: { CONSOLE_ALLOWED_ORIGINS: readonly string[] };
  options: { string(key: string): string };
}

/** `scheme://host[:port]` of an http(s) URL, lower-cased and without a default port; null otherwise. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin a browser said a request comes from: its Origin, or without one its Referer's.
 * Undefined when it names neither: a server, a script or an SDK, which a browser's ambient
 * cookie never rides on. An unreadable Referer counts as a foreign origin, not as none.
 */
export function claimedOrigin(headers: IncomingHttpHeaders): string | undefined {
  if (headers.origin !== undefined) return headers.origin;
  if (!headers.referer) return undefined;
  return originOf(headers.referer) ?? 'null';
}

/** The origins the console is known by besides the request's own: `ServerAddress` and CONSOLE_ALLOWED_ORIGINS. */
export function consoleOrigins({ config, options }: ConsoleOriginSources): string[] {
  const serverAddress = originOf(options.string('ServerAddress'));
  return serverAddress ? [serverAddress, ...config.CONSOLE_ALLOWED_ORIGINS] : [...config.CONSOLE_ALLOWED_ORIGINS];
}

/**
 * Whether a browser page at `origin` is the console itself. A page of another origin would ride
 * the user's session cookie (SameSite counts every port and subdomain of a site as one, and a
 * form post or a WebSocket knows no CORS), so only the request's own host, or an origin the
 * operator lists, passes. The scheme must match too, except that an `https:` page may reach a
 * plain-HTTP gateway: a TLS proxy in front that is not in TRUSTED_PROXIES hides the scheme, never
 * the host. No origin at all (no browser) passes: such a caller is judged by its credentials alone.
 */
export function isSameOrigin(origin: string | undefined, site: RequestSite, alsoAllowed: readonly string[] = []): boolean {
  if (origin === undefined) return true;
  const claimed = originOf(origin);
  if (!claimed || !site.host) return false;
  if (alsoAllowed.includes(claimed)) return true;
  const own = originOf(`${site.protocol}://${site.host}`);
  if (!own) return false;
  const [claimedUrl, ownUrl] = [new URL(claimed), new URL(own)];
  return claimedUrl.host === ownUrl.host && (claimedUrl.protocol === ownUrl.protocol || claimedUrl.protocol === 'https:');
}

/**
 * Socket.IO's allowRequest: refuses a cross-origin handshake before any session is read. The
 * site is the connection's own Host (Socket.IO sees no forwarded headers); the console's other
 * origins pass as they do on /api.
 */
export function allowSameOrigin(sources: ConsoleOriginSources) {
  return (request: IncomingMessage, answer: (error: string | null | undefined, allowed: boolean) => void): void => {
    const site = { protocol: 'encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http', host: request.headers.host };
    const allowed = isSameOrigin(request.headers.origin, site, consoleOrigins(sources));
    answer(allowed ? null : 'cross-origin', allowed);
  };
}
