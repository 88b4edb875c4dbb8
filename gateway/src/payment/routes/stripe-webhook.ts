import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { logQuota } from '../../billing/quota-text.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { checkoutMismatch, parseProven, rawBody } from '../checkout-match.js';
import { orderQuota, refusal, settlePaidOrder } from '../credit-order.js';
import { type StripeEvent, stripeEventSchema, verifyStripeSignature } from '../stripe.js';

export type StripeWebhookDeps = AccountsContext & MoneyContext;

/** The events that say a checkout was paid: at once (cards), or later (bank debits and other delayed methods). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const PAID_STATUSES = new Set(['paid', 'no_payment_required']);

/**
 * POST /api/stripe/webhook: Stripe tells a Checkout Session's outcome. The `Stripe-Signature`
 * must be ours over the raw body, its timestamp within 300 s; a refused event is logged (a warn
 * line, never the secret) and answered 400. A paid session must be its order's, for the amount
 * and currency it was created with; then the order is credited once however often Stripe
 * delivers the event (credit-order.ts); an expired session expires its order. Answers 200 to every
 * event it has nothing more to do with.
 */
export function registerStripeWebhookRoute(app: FastifyInstance, { deps }: ApiContext<StripeWebhookDeps>): void {
  const refuse = (reply: FastifyReply, request: FastifyRequest, reason: string, fields: object = {}) => {
    deps.log.warn({ ...fields, reason, ip: request.ip }, 'Stripe webhook refused');
    return reply.code(400).send();
  };

  const settle = async (request: FastifyRequest, reply: FastifyReply, event: StripeEvent) => {
    const session = event.data.object;
    const tradeNo = session.client_reference_id ?? '';
    if (session.status !== 'complete' || !PAID_STATUSES.has(session.payment_status ?? '')) return reply.code(200).send(); // not paid yet: a later event says so
    const order = await deps.topUps.byTradeNo(tradeNo);
    if (!order) return refuse(reply, request, 'no such order', { eventId: event.id, tradeNo });
    const mismatch = checkoutMismatch(order, 'stripe', { checkoutId: session.id, amount: session.amount_subtotal ?? session.amount_total, currency: session.currency });
    if (mismatch) return refuse(reply, request, mismatch, { eventId: event.id, tradeNo });
    const paid = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? '').toUpperCase()}`;
    const content = `使用 Stripe 充值成功，充值金额: ${logQuota(deps.options, orderQuota(order, deps.options.number('QuotaPerUnit')))}，支付金额：${paid}，订单号：${tradeNo}`;
    const refused = refusal(await settlePaidOrder(deps, order, { provider: 'Stripe', paid, topUpContent: content }), order);
    if (refused) return refuse(reply, request, refused, { eventId: event.id, tradeNo });
    return reply.code(200).send();
  };

  /** A session that lapsed unpaid: its order is marked expired, as new-api marks it (a paid order stays paid). */
  const expire = async (request: FastifyRequest, reply: FastifyReply, event: StripeEvent) => {
    const session = event.data.object;
    const tradeNo = session.client_reference_id ?? '';
    const order = await deps.topUps.byTradeNo(tradeNo);
    if (!order || order.paymentMethod !== 'stripe' || order.checkoutId !== session.id) return refuse(reply, request, 'the expired session is not an order\'s', { eventId: event.id, tradeNo });
    await deps.topUps.expire(tradeNo);
    return reply.code(200).send();
  };

  app.post('/stripe/webhook', { config: { providerCallback: true } }, async (request, reply) => {
    const secret = deps.options.string('StripeWebhookSecret');
    if (!secret) return refuse(reply, request, 'StripeWebhookSecret is not set');
    const body = rawBody(request.body);
    const header = request.headers['stripe-signature'];
    const verdict = verifyStripeSignature(typeof header === 'string' ? header : undefined, body, secret, Math.floor(Date.now() / 1000));
    if (!verdict.ok) return refuse(reply, request, verdict.reason);
    const event = stripeEventSchema.safeParse(parseProven(body));
    if (!event.success) return refuse(reply, request, 'not a Stripe event');
    if (event.data.type === 'checkout.session.expired') return expire(request, reply, event.data);
    if (!PAID_EVENTS.has(event.data.type)) return reply.code(200).send(); // any other event: nothing to do
    return settle(request, reply, event.data);
  });
}
