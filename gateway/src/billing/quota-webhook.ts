import { dict } from '@tollgate/wire';
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FetchPolicy } from '../http/fetch-guard/fetch-policy.js';
import { fetchRefusal, guardedRequest } from '../http/fetch-guard/guarded-request.js';

/** new-api's webhook body (service/webhook.go): the values fill the content's placeholders in order. */
export interface WebhookPayload {
  type: string;
  title: string;
  content: string;
  values: (string | number)[];
  timestamp: number;
}

/** new-api's notice type for a balance below the user's warning threshold. */
const QUOTA_EXCEED = 'quota_exceed';

/** The quota warning new-api posts, with its placeholders already filled as new-api fills them. */
export function quotaWebhookPayload(title: string, remaining: number, topUpLink: string, nowSeconds: number): WebhookPayload {
  const values = [title, Math.max(remaining, 0), topUpLink, topUpLink];
  const template = "{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{{value}}'>{{value}}</a>";
  const content = values.reduce<string>((text, value) => text.replace('{{value}}', String(value)), template);
  return { type: QUOTA_EXCEED, title, content, values, timestamp: nowSeconds };
}

/**
 * new-api's signature: hex HMAC-SHA256 of the exact body bytes, keyed by the user's webhook
 * secret, sent as `X-Webhook-Signature`. A receiver recomputes it over the raw body it got.
 */
export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export interface RetryPolicy {
  attempts: number;
  /** The wait before the first retry; each later wait doubles it. */
  firstDelayMs: number;
  timeoutMs: number;
}

/** Five tries over about 15 s: a receiver that restarts or hiccups still gets the notice once. */
export const WEBHOOK_RETRY: RetryPolicy = { attempts: 5, firstDelayMs: 1_000, timeoutMs: 10_000 };

type Attempt = 'delivered' | 'failed' | 'refused';

async function postOnce(policy: FetchPolicy, url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Attempt> {
  try {
    const response = await guardedRequest(policy, url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    await response.body.dump();
    return response.statusCode >= 200 && response.statusCode < 300 ? 'delivered' : 'failed';
  } catch (error) {
    return fetchRefusal(error) === null ? 'failed' : 'refused';
  }
}

/**
 * POSTs the payload, signed when there is a secret; a failure (no answer, non-2xx) is retried with
 * doubling waits. A URL the fetch policy refuses (a user's webhook aimed at the gateway's own
 * network) is not tried again: the next try would be refused the same way.
 */
export async function deliverWebhook(fetchPolicy: FetchPolicy, url: string, secret: string, payload: WebhookPayload, policy: RetryPolicy = WEBHOOK_RETRY): Promise<boolean> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = dict({ 'content-type': 'application/json' });
  if (secret) headers['x-webhook-signature'] = webhookSignature(secret, body);
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (attempt > 0) await sleep(policy.firstDelayMs * 2 ** (attempt - 1));
    const outcome = await postOnce(fetchPolicy, url, headers, body, policy.timeoutMs);
    if (outcome !== 'failed') return outcome === 'delivered';
  }
  return false;
}
