import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Third parties the console loads when root turns them on: Cloudflare Turnstile and Telegram's login widget. */
const TURNSTILE = 'https://challenges.cloudflare.com';
const TELEGRAM_SCRIPT = 'https://telegram.org';
const TELEGRAM_FRAME = 'https://oauth.telegram.org';

/**
 * What the built console needs and nothing more: its own scripts (no inline script), inline styles
 * (ApexCharts and React style attributes write them), images from anywhere over https (logos and QR
 * codes are links root sets), fetch and Socket.IO to its own origin, and the Epay form posted to
 * the payment address root sets (http in test set-ups too).
 */
const directives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'", TURNSTILE, TELEGRAM_SCRIPT],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: [TURNSTILE, TELEGRAM_FRAME],
  formAction: ["'self'", 'https:', 'http:'],
  frameAncestors: ["'none'"],
};

const options: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  // The Telegram widget's popup reports back through its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/**
 * The headers helmet sets with these options, worked out once: none depends on the request, and
 * helmet's middleware rebuilds the policy text on every call (a measured share of the relay's CPU).
 */
export function securityHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}

/**
 * Security headers on every answer (console, API, relay, 404): the CSP above, no framing, no
 * MIME sniffing, only the origin as referrer to other sites (Turnstile checks it).
 * HSTS leaves subdomains alone (the gateway does not know its siblings); browsers ignore it over http.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
