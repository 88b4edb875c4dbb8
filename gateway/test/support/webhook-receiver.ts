import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { onTestFinished } from 'vitest';
import { listenOnLoopback } from '../mock-upstream/listen.js';

export interface ReceivedWebhook {
  at: number;
  body: string;
  signatureValid: boolean;
}

/**
 * A webhook receiver on loopback, as a user would run one: it checks new-api's X-Webhook-Signature
 * (hex HMAC-SHA256 of the raw body) and answers 500 to the first `failFirst` attempts.
 */
export async function startWebhookReceiver(secret: string, failFirst = 0): Promise<{ url: string; attempts: ReceivedWebhook[]; delivered: () => ReceivedWebhook[] }> {
  const attempts: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
      const given = Buffer.from(String(request.headers['x-webhook-signature'] ?? ''));
      const signatureValid = given.length === expected.length && timingSafeEqual(given, expected);
      attempts.push({ at: Date.now(), body, signatureValid });
      response.writeHead(attempts.length <= failFirst || !signatureValid ? 500 : 200).end();
    });
  });
  const listening = await listenOnLoopback(server);
  onTestFinished(() => listening.close());
  return { url: `${listening.url}/hooks/quota`, attempts, delivered: () => attempts.slice(failFirst).filter((a) => a.signatureValid) };
}

/** The receiver listens on loopback at a high port, which new-api's default fetch policy refuses: options that let a webhook reach it. */
export const LOOPBACK_FETCH_ALLOWED = { 'fetch_setting.allow_private_ip': 'true', 'fetch_setting.allowed_ports': '[]' };
