import { dict } from '@tollgate/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { epayVerify } from '../epay.js';
import { creditPaidOrder } from '../credit-order.js';
import type { ApiContext } from '../../api/support/context.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';

export type EpayNotifyDeps = AccountsContext & MoneyContext;

const TRADE_SUCCESS = 'TRADE_SUCCESS';

/** A form or query as flat strings (the first value of a repeated name). */
function flatParams(source: unknown): Record<string, string> {
  const params: Record<string, string> = dict();
  for (const [name, value] of Object.entries((source ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') params[name] = first;
  }
  return params;
}

/**
 * GET or POST /api/user/epay/notify: Epay tells a payment. The signature (EpayKey) and the
 * merchant id must match, and the money must be the order's. The order is credited once however
 * often Epay repeats the call (credit-order.ts).
 * Answers `success` (Epay stops repeating) or `fail`.
 */
export function registerEpayNotifyRoute(app: FastifyInstance, { deps }: ApiContext<EpayNotifyDeps>): void {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = flatParams(request.method === 'POST' ? request.body : request.query);
    const answer = (text: 'success' | 'fail') => reply.type('text/plain').send(text);
    const key = deps.options.string('EpayKey');
    if (!key || !epayVerify(params, key) || params.pid !== deps.options.string('EpayId')) return answer('fail');
    if (params.trade_status !== TRADE_SUCCESS) return answer('fail');
    const order = await deps.topUps.byTradeNo(params.out_trade_no ?? '');
    if (!order || Math.abs(Number(params.money) - order.money) >= 0.005) return answer('fail');
    const content = `使用在线充值成功，充值金额: ${order.amount}，支付金额：${order.money.toFixed(6)}`;
    const outcome = await creditPaidOrder(deps, order, content);
    if (outcome === 'no such user' || outcome === 'not pending') return answer('fail');
    return answer('success');
  };
  for (const method of ['GET', 'POST'] as const) app.route({ method, url: '/user/epay/notify', config: { providerCallback: true }, handler: handle });
}
