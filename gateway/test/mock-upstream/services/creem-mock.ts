import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

/** A product the mock store sells: its price in the currency's minor unit. */
export interface CreemMockProduct {
  amount: number;
  currency: string;
}

export interface CreemMockSettings {
  apiKey: string;
  webhookSecret: string;
  products: Record<string, CreemMockProduct>;
}

export interface CreemCheckout {
  id: string;
  product: string;
  request_id: string;
  checkout_url: string;
  status: 'pending' | 'completed';
  metadata: Record<string, string>;
  customer_email: string | null;
}

export interface CreemDelivery {
  body: string;
  signature: string;
}

export interface CreemMock {
  url: string;
  webhookUrl: string;
  checkouts: CreemCheckout[];
  /** The buyer paid: a signed `checkout.completed` event for the checkout (not yet sent); `order` changes the order's fields. */
  complete(checkoutId: string, order?: Record<string, unknown>): CreemDelivery;
  deliver(delivery: CreemDelivery): Promise<number>;
  close(): Promise<void>;
}

/** Creem's signature, computed here on its own: HMAC-SHA256 of the raw body, hex. */
const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * Creem's API as a store sees it: POST /v1/checkouts (JSON, `x-api-key`) answers a checkout's id
 * and checkout_url; a completed checkout yields the signed webhook Creem posts (`creem-signature`).
 */
export async function startCreemMock(settings: CreemMockSettings): Promise<CreemMock> {
  const checkouts: CreemCheckout[] = [];
  const server = createServer(answering(async (req, res) => {
    const text = await readText(req);
    if (req.method !== 'POST' || req.url !== '/v1/checkouts') return sendJson(res, 404, { message: 'Not Found' });
    if (req.headers['x-api-key'] !== settings.apiKey) return sendJson(res, 403, { message: 'Forbidden' });
    const body = JSON.parse(text) as { product_id?: string; request_id?: string; customer?: { email?: string }; metadata?: Record<string, string> };
    if (!body.product_id || !settings.products[body.product_id]) return sendJson(res, 404, { message: 'Product not found' });
    const id = `ch_${randomBytes(10).toString('hex')}`;
    const checkout: CreemCheckout = {
      id, product: body.product_id, request_id: body.request_id ?? '', checkout_url: `${listening.url}/checkout/${id}`, status: 'pending',
      metadata: body.metadata ?? {}, customer_email: body.customer?.email ?? null,
    };
    checkouts.push(checkout);
    return sendJson(res, 200, { ...checkout, object: 'checkout', mode: 'test' });
  }));
  const listening = await listenOnLoopback(server);
  const mock: CreemMock = {
    url: listening.url,
    webhookUrl: '',
    checkouts,
    complete(checkoutId, order = {}) {
      const checkout = checkouts.find((c) => c.id === checkoutId);
      if (!checkout) throw new Error(`no checkout ${checkoutId}`);
      checkout.status = 'completed';
      const product = settings.products[checkout.product] ?? { amount: 0, currency: 'USD' };
      const now = new Date().toISOString();
      const event = {
        id: `evt_${randomBytes(10).toString('hex')}`, eventType: 'checkout.completed', created_at: Date.now(),
        object: {
          id: checkout.id, object: 'checkout', request_id: checkout.request_id, status: 'completed', metadata: checkout.metadata, mode: 'test', units: 1,
          order: {
            object: 'order', id: `ord_${randomBytes(8).toString('hex')}`, customer: 'cust_1', product: checkout.product, amount: product.amount, currency: product.currency,
            sub_total: product.amount, tax_amount: 0, amount_due: product.amount, amount_paid: product.amount, status: 'paid', type: 'onetime', transaction: 'tran_1',
            created_at: now, updated_at: now, mode: 'test', ...order,
          },
          product: { id: checkout.product, object: 'product', name: 'Credits', price: product.amount, currency: product.currency, billing_type: 'onetime', status: 'active', mode: 'test' },
          customer: { id: 'cust_1', object: 'customer', email: checkout.customer_email ?? '', name: 'Buyer', country: 'US', mode: 'test' },
        },
      };
      const body = JSON.stringify(event);
      return { body, signature: sign(body, settings.webhookSecret) };
    },
    async deliver({ body, signature }) {
      const response = await fetch(mock.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'creem-signature': signature }, body });
      await response.arrayBuffer();
      return response.status;
    },
    close: listening.close,
  };
  return mock;
}
