import { dict } from '@tollgate/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { epayVerify } from '../epay.js';
import { refusal, settlePaidOrder } from '../credit-order.js';
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
    const fail = (reason: string) => {
      deps.log.warn({ tradeNo: params.out_trade_no, reason, ip: request.ip }, 'Epay notice refused');
      return answer('fail');
    };
    const key = deps.options.string('EpayKey');
    if (!key || !epayVerify(params, key) || params.pid !== deps.options.string('EpayId')) return fail('bad signature');
    if (params.trade_status !== TRADE_SUCCESS) return answer('fail');
    const order = await deps.topUps.byTradeNo(params.out_trade_no ?? '');
    if (!order) return fail('no such order');
    if (Math.abs(Number(params.money) - order.money) >= 0.005) return fail(`money ${params.money ?? 'none'} is not the order's ${order.money}`);
    const content = `使用在线充值成功，充值金额: ${order.amount}，支付金额：${order.money.toFixed(6)}`;
    const refused = refusal(await settlePaidOrder(deps, order, { provider: '易支付', paid: order.money.toFixed(2), topUpContent: content }), order);
    return refused ? fail(refused) : answer('success');
  };
  // new-api's top-up and plan notices (a plan's order carries its plan, whichever path Epay calls).
  for (const url of ['/user/epay/notify', '/subscription/epay/notify']) {
    for (const method of ['GET', 'POST'] as const) app.route({ method, url, config: { providerCallback: true }, handler: handle });
  }
}
