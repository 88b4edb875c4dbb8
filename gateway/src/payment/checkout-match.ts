import { parseJsonBody } from '../http/json-body.js';
import type { TopUpOrder } from '../ports/documents/top-up-store.js';

/** What a provider's signed event says was paid for an order. */
export interface PaidCheckout {
  /** The provider's checkout id (Stripe's session, Creem's checkout). */
  checkoutId: string;
  /** In the currency's minor unit. */
  amount: number | null | undefined;
  currency: string | null | undefined;
}

/**
 * Why a paid checkout is not the order's, or null when it is: the order must be the provider's
 * own, name this checkout, and the amount and currency paid be those the checkout was created
 * with. A signature proves who sent an event, this proves it pays for this order.
 */
export function checkoutMismatch(order: TopUpOrder, provider: string, paid: PaidCheckout): string | null {
  if (order.paymentMethod !== provider || order.checkoutId === undefined) return `the order is not a ${provider} order`;
  if (paid.checkoutId !== order.checkoutId) return 'the checkout is not the order\'s';
  if (paid.currency?.toLowerCase() !== order.checkoutCurrency) return `currency ${paid.currency ?? 'none'} is not the order's ${order.checkoutCurrency ?? ''}`;
  if (paid.amount !== order.checkoutAmount) return `amount ${paid.amount ?? 'none'} is not the order's ${order.checkoutAmount ?? 0}`;
  return null;
}

/** The raw body a webhook scope's parser kept; empty when the request had none. */
export const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/** A proven body as JSON (the API's own limits on depth and keys), or undefined when it is not. */
export function parseProven(body: Buffer): unknown {
  try {
    return parseJsonBody(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
