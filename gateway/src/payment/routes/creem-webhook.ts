import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { logQuota } from '../../billing/quota-text.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { checkoutMismatch, parseProven, rawBody } from '../checkout-match.js';
import { CREEM_SIGNATURE_HEADER, type CreemEvent, creemEventSchema, verifyCreemSignature } from '../creem.js';
import { orderQuota, refusal, settlePaidOrder } from '../credit-order.js';

export type CreemWebhookDeps = AccountsContext & MoneyContext;

/**
 * POST /api/creem/webhook: Creem tells a completed checkout. The `creem-signature` must be ours
 * over the raw body (CreemWebhookSecret; never skipped, test mode or not); a refused event is
 * logged (a warn line, never the secret) and answered 401 as new-api does. A paid one-time order
 * must be its checkout's, for the product's amount and currency; then it is credited once however
 * often Creem delivers the event (credit-order.ts).
 */
export function registerCreemWebhookRoute(app: FastifyInstance, { deps }: ApiContext<CreemWebhookDeps>): void {
  const refuse = (reply: FastifyReply, request: FastifyRequest, status: 400 | 401, reason: string, fields: object = {}) => {
    deps.log.warn({ ...fields, reason, ip: request.ip }, 'Creem webhook refused');
    return reply.code(status).send();
  };

  const settle = async (request: FastifyRequest, reply: FastifyReply, event: CreemEvent) => {
    const paid = event.object.order;
    // new-api's rule: only a paid one-time order is a top-up; anything else is acknowledged and left alone.
    if (paid?.status !== 'paid' || paid.type !== 'onetime') return reply.code(200).send();
    const tradeNo = event.object.request_id ?? '';
    const order = await deps.topUps.byTradeNo(tradeNo);
    if (!order) return refuse(reply, request, 400, 'no such order', { eventId: event.id, tradeNo });
    const mismatch = checkoutMismatch(order, 'creem', { checkoutId: event.object.id, amount: paid.amount, currency: paid.currency });
    if (mismatch) return refuse(reply, request, 400, mismatch, { eventId: event.id, tradeNo });
    const quota = orderQuota(order, deps.options.number('QuotaPerUnit'));
    const money = `${(paid.amount / 100).toFixed(2)} ${paid.currency.toUpperCase()}`;
    const content = `使用 Creem 充值成功，充值金额: ${logQuota(deps.options, quota)}，支付金额：${money}，订单号：${tradeNo}`;
    const refused = refusal(await settlePaidOrder(deps, order, { provider: 'Creem', paid: money, topUpContent: content }), order);
    if (refused) return refuse(reply, request, 400, refused, { eventId: event.id, tradeNo });
    return reply.code(200).send();
  };

  app.post('/creem/webhook', { config: { providerCallback: true } }, async (request, reply) => {
    const secret = deps.options.string('CreemWebhookSecret');
    if (!secret) return refuse(reply, request, 401, 'CreemWebhookSecret is not set');
    const body = rawBody(request.body);
    const signature = request.headers[CREEM_SIGNATURE_HEADER];
    if (!verifyCreemSignature(typeof signature === 'string' ? signature : undefined, body, secret)) return refuse(reply, request, 401, 'bad signature');
    const event = creemEventSchema.safeParse(parseProven(body));
    if (!event.success) return refuse(reply, request, 400, 'not a Creem event');
    if (event.data.eventType !== 'checkout.completed') return reply.code(200).send();
    return settle(request, reply, event.data);
  });
}
