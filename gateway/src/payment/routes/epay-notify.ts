import { newEventMetadata } from '@tollgate/ledger';
import { LogType, dict } from '@tollgate/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { epayVerify } from '../epay.js';
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
 * merchant id must match, and the money must be the order's. The credit is a ledger event whose
 * id is derived from the order, so however often Epay repeats the call, the user is credited once;
 * the order is marked paid after the event is durable, so a crash in between loses nothing.
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
    const user = await deps.users.byId(order.userId);
    if (!user) return answer('fail');
    const quota = Math.round(order.amount * deps.options.number('QuotaPerUnit'));
    const content = `使用在线充值成功，充值金额: ${order.amount}，支付金额：${order.money.toFixed(6)}`;
    await deps.eventLog.append([{
      type: 'QuotaGranted',
      data: { userId: user.id, username: user.username, amount: quota, logType: LogType.TopUp, content, source: 'payment' },
      metadata: { ...newEventMetadata(), eventId: `top-up-${order.tradeNo}` },
    }]);
    await deps.topUps.complete(order.tradeNo, Math.floor(Date.now() / 1000));
    return answer('success');
  };
  for (const method of ['GET', 'POST'] as const) app.route({ method, url: '/user/epay/notify', config: { providerCallback: true }, handler: handle });
}
