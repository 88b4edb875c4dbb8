import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Stripe's documented default: a signed event older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 of `${t}.${payload}` with the endpoint's secret, in lowercase hex: Stripe's v1 scheme. */
export function stripeSignature(payload: Buffer | string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/** The `Stripe-Signature` header Stripe sends for `payload` at `timestamp` (the mock and tests sign with it). */
export function stripeSignatureHeader(payload: Buffer | string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${stripeSignature(payload, secret, timestamp)}`;
}

export type StripeVerdict = { ok: true } | { ok: false; reason: 'no signature' | 'bad signature' | 'stale timestamp' };

/**
 * Checks a `Stripe-Signature` header (`t=…,v1=…[,v1=…]`) against the raw body as Stripe documents:
 * one of the v1 signatures must be ours (compared in constant time), and `t` within the tolerance
 * of our clock. v0 (test-mode legacy) signatures are ignored.
 */
export function verifyStripeSignature(header: string | undefined, payload: Buffer, secret: string, nowSeconds: number): StripeVerdict {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1] ?? NaN);
  const given = parts.filter(([name, value]) => name === 'v1' && value).map(([, value]) => Buffer.from(value ?? '', 'utf8'));
  if (!Number.isInteger(timestamp) || given.length === 0) return { ok: false, reason: 'no signature' };
  const expected = Buffer.from(stripeSignature(payload, secret, timestamp), 'utf8');
  if (!given.some((one) => one.length === expected.length && timingSafeEqual(one, expected))) return { ok: false, reason: 'bad signature' };
  if (Math.abs(nowSeconds - timestamp) > STRIPE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale timestamp' };
  return { ok: true };
}

/** What Tollgate asks of a Checkout Session (new-api's fields): `quantity` units of the operator's Price. */
export interface StripeCheckoutRequest {
  clientReferenceId: string;
  priceId: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  allowPromotionCodes: boolean;
  customerEmail?: string;
}

const sessionSchema = z.object({
  id: z.string().min(1),
  url: z.string().min(1),
  amount_total: z.number().int().nonnegative(),
  currency: z.string().min(1),
});
export type StripeSession = z.infer<typeof sessionSchema>;

/** Stripe answers within this long or the checkout fails (the buyer may try again). */
const TIMEOUT_MS = 10_000;

/**
 * POST /v1/checkout/sessions, form-encoded with the secret key as Bearer, as Stripe's API takes it.
 * Resolves to the session (its id, the page to send the buyer to, and what Stripe will charge in
 * which currency), or null with the reason when Stripe refuses or cannot be reached.
 */
export async function createStripeCheckout(apiUrl: string, secretKey: string, checkout: StripeCheckoutRequest): Promise<{ session: StripeSession } | { error: string }> {
  const form = new URLSearchParams({
    mode: 'payment',
    client_reference_id: checkout.clientReferenceId,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
    'line_items[0][price]': checkout.priceId,
    'line_items[0][quantity]': String(checkout.quantity),
    allow_promotion_codes: String(checkout.allowPromotionCodes),
    customer_creation: 'always',
  });
  if (checkout.customerEmail) form.set('customer_email', checkout.customerEmail);
  try {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { error: `Stripe answered ${response.status}: ${(body as { error?: { message?: string } } | null)?.error?.message ?? ''}` };
    const parsed = sessionSchema.safeParse(body);
    return parsed.success ? { session: parsed.data } : { error: 'Stripe answered a session without id, url, amount or currency' };
  } catch (error) {
    return { error: `Stripe unreachable: ${(error as Error).message}` };
  }
}

/** The part of a signed event Tollgate reads: a Checkout Session's outcome. */
export const stripeEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string(),
      object: z.string().optional(),
      client_reference_id: z.string().nullish(),
      status: z.string().nullish(),
      payment_status: z.string().nullish(),
      amount_subtotal: z.number().nullish(),
      amount_total: z.number().nullish(),
      currency: z.string().nullish(),
    }).passthrough(),
  }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;
