import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The header Creem signs its webhooks in. */
export const CREEM_SIGNATURE_HEADER = 'creem-signature';

/** Creem's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, lowercase hex. */
export function creemSignature(payload: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Whether `signature` is Creem's for `payload`, compared in constant time. Creem signs no timestamp: replays are stopped by the order's state. */
export function verifyCreemSignature(signature: string | undefined, payload: Buffer, secret: string): boolean {
  const given = Buffer.from(signature ?? '', 'utf8');
  const expected = Buffer.from(creemSignature(payload, secret), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What Tollgate asks of a Creem checkout (new-api's body): one product, our reference as `request_id`. */
export interface CreemCheckoutRequest {
  productId: string;
  requestId: string;
  email?: string;
  metadata: Record<string, string>;
}

const checkoutSchema = z.object({ id: z.string().min(1), checkout_url: z.string().min(1) });
export type CreemCheckout = z.infer<typeof checkoutSchema>;

const TIMEOUT_MS = 10_000;

/** POST /v1/checkouts with the API key in `x-api-key`, as Creem's API takes it: the checkout's id and page, or why not. */
export async function createCreemCheckout(apiUrl: string, apiKey: string, checkout: CreemCheckoutRequest): Promise<{ checkout: CreemCheckout } | { error: string }> {
  const body = {
    product_id: checkout.productId,
    request_id: checkout.requestId,
    ...(checkout.email ? { customer: { email: checkout.email } } : {}),
    metadata: checkout.metadata,
  };
  try {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/v1/checkouts`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) return { error: `Creem answered ${response.status}` };
    const parsed = checkoutSchema.safeParse(answer);
    return parsed.success ? { checkout: parsed.data } : { error: 'Creem answered a checkout without id or checkout_url' };
  } catch (error) {
    return { error: `Creem unreachable: ${(error as Error).message}` };
  }
}

/** The part of a Creem webhook Tollgate reads: a completed checkout and its order. */
export const creemEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  object: z.object({
    id: z.string(),
    request_id: z.string().nullish(),
    order: z.object({
      id: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      type: z.string(),
    }).passthrough().nullish(),
  }).passthrough(),
});
export type CreemEvent = z.infer<typeof creemEventSchema>;
