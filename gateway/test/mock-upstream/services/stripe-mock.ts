import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

/** A Price the mock account sells: its amount per unit in the currency's minor unit. */
export interface StripePrice {
  unitAmount: number;
  currency: string;
}

export interface StripeMockSettings {
  /** The account's secret key: the API answers 401 to any other Bearer. */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  prices: Record<string, StripePrice>;
}

/** A Checkout Session as the mock keeps it (Stripe's field names). */
export interface StripeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  client_reference_id: string | null;
  customer_email: string | null;
  allow_promotion_codes: boolean;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  success_url: string;
  cancel_url: string;
}

/** One webhook delivery, as Stripe sends it: the exact body and its `Stripe-Signature` header. */
export interface StripeDelivery {
  body: string;
  signature: string;
}

export interface StripeMock {
  url: string;
  /** Where the account's webhook endpoint points (the gateway's /api/stripe/webhook). */
  webhookUrl: string;
  sessions: StripeSession[];
  /** Every form posted to /v1/checkout/sessions, as received. */
  requests: URLSearchParams[];
  /** The buyer paid: the session completes and its `checkout.session.completed` event is signed (not yet sent). */
  complete(sessionId: string, changes?: Partial<StripeSession>, signedAt?: number): StripeDelivery;
  /** The session lapsed unpaid (24 h in Stripe): its signed `checkout.session.expired` event. */
  expire(sessionId: string): StripeDelivery;
  /** Posts a delivery to the webhook endpoint as Stripe does; resolves to the HTTP status it got. */
  deliver(delivery: StripeDelivery): Promise<number>;
  close(): Promise<void>;
}

/** Stripe's v1 signature, computed here on its own (not with the gateway's code): HMAC-SHA256 of `t.body`. */
function sign(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const stripeError = (message: string, type = 'invalid_request_error') => ({ error: { type, message } });

/**
 * Stripe's API as a shop sees it for Checkout: POST /v1/checkout/sessions (form-encoded, Bearer
 * secret key) creates a session priced from the account's Prices, answered with its id and url;
 * completing a session produces the signed `checkout.session.completed` event Stripe would post.
 */
export async function startStripeMock(settings: StripeMockSettings): Promise<StripeMock> {
  const sessions: StripeSession[] = [];
  const requests: URLSearchParams[] = [];
  const server = createServer(answering(async (req, res) => {
    const form = new URLSearchParams(await readText(req));
    // The hosted checkout page the buyer is sent to.
    const hosted = sessions.find((s) => req.method === 'GET' && req.url === `/c/pay/${s.id}`);
    if (hosted) return res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><title>Stripe Checkout</title>${hosted.amount_total}</html>`);
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') return sendJson(res, 404, stripeError('Unrecognized request URL'));
    if (req.headers.authorization !== `Bearer ${settings.secretKey}`) return sendJson(res, 401, stripeError('Invalid API Key provided', 'authentication_error'));
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return sendJson(res, 400, stripeError('Invalid request body'));
    requests.push(form);
    const price = settings.prices[form.get('line_items[0][price]') ?? ''];
    const quantity = Number(form.get('line_items[0][quantity]'));
    if (!price) return sendJson(res, 400, stripeError('No such price'));
    if (!Number.isInteger(quantity) || quantity < 1) return sendJson(res, 400, stripeError('Invalid integer: quantity'));
    if (form.get('mode') !== 'payment') return sendJson(res, 400, stripeError('Missing required param: mode'));
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const amount = price.unitAmount * quantity;
    const session: StripeSession = {
      id, object: 'checkout.session', url: `${listening.url}/c/pay/${id}`, mode: 'payment',
      client_reference_id: form.get('client_reference_id'), customer_email: form.get('customer_email'), allow_promotion_codes: form.get('allow_promotion_codes') === 'true',
      amount_subtotal: amount, amount_total: amount, currency: price.currency, status: 'open', payment_status: 'unpaid',
      success_url: form.get('success_url') ?? '', cancel_url: form.get('cancel_url') ?? '',
    };
    sessions.push(session);
    return sendJson(res, 200, session);
  }));
  const listening = await listenOnLoopback(server);
  const sessionOf = (id: string) => {
    const session = sessions.find((s) => s.id === id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  };
  /** An event around `object`, signed as Stripe signs it at `signedAt`. */
  const signed = (type: string, object: object, signedAt: number): StripeDelivery => {
    const event = { id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', api_version: '2024-06-20', created: signedAt, livemode: false, pending_webhooks: 1, type, data: { object } };
    const body = JSON.stringify(event);
    return { body, signature: sign(body, settings.webhookSecret, signedAt) };
  };
  const mock: StripeMock = {
    url: listening.url,
    webhookUrl: '',
    sessions,
    requests,
    complete(sessionId, changes = {}, signedAt = Math.floor(Date.now() / 1000)) {
      const session = Object.assign(sessionOf(sessionId), { status: 'complete', payment_status: 'paid' });
      return signed('checkout.session.completed', { ...session, customer: `cus_${randomBytes(6).toString('hex')}`, ...changes }, signedAt);
    },
    expire(sessionId) {
      return signed('checkout.session.expired', { ...Object.assign(sessionOf(sessionId), { status: 'expired' }) }, Math.floor(Date.now() / 1000));
    },
    async deliver({ body, signature }) {
      const response = await fetch(mock.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body });
      await response.arrayBuffer();
      return response.status;
    },
    close: listening.close,
  };
  return mock;
}
