import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { OptionCache } from '../../options/option-cache.js';
import type { TopUpFilter, TopUpOrder } from '../../ports/top-up-store.js';
import { type ApiContext, signedIn } from './support/context.js';
import { parseInput, queryInt, queryString } from './support/input.js';
import { pageFromOne, pageOf } from './support/paging.js';
import { route } from './support/route.js';

const listQuery = z.object({ p: queryInt, page_size: queryInt, keyword: queryString, user_id: queryInt });

/** new-api's TopUp row (snake_case). */
const wire = (o: TopUpOrder) => ({
  id: o.id, user_id: o.userId, amount: o.amount, money: o.money, trade_no: o.tradeNo,
  payment_method: o.paymentMethod, create_time: o.createTime, complete_time: o.completeTime, status: o.status,
});

/** The methods user-pay.ts accepts, named as new-api's default PayMethods. */
const EPAY_METHODS = [
  { name: '支付宝', type: 'alipay', color: 'rgba(var(--semi-blue-5), 1)' },
  { name: '微信', type: 'wxpay', color: 'rgba(var(--semi-green-5), 1)' },
];

/** GET /api/user/topup/info: what the wallet page may offer. Only Epay is wired, so Stripe, Creem and Waffo read as off. */
function topUpInfo(options: OptionCache) {
  const epay = ['PayAddress', 'EpayId', 'EpayKey'].every((name) => options.string(name) !== '');
  return {
    enable_online_topup: epay, enable_stripe_topup: false, enable_creem_topup: false, enable_waffo_topup: false,
    enable_redemption: true, pay_methods: epay ? EPAY_METHODS : [], min_topup: options.number('MinTopUp'),
    stripe_min_topup: 0, amount_options: [], discount: {}, creem_products: '[]', topup_link: options.string('TopUpLink'),
  };
}

/** Online top-up orders: the user's own (`/self`), everyone's for administrators, searched by trade number. */
export function registerUserTopupListRoutes(app: FastifyInstance, { deps, guard }: ApiContext): void {
  const list = async (query: unknown, only?: number) => {
    const q = parseInput(listQuery, query);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const filter: TopUpFilter = { userId: only ?? q.user_id, tradeNo: q.keyword || undefined };
    const result = await deps.topUps.list(filter, { offset, limit: pageSize });
    return ok(pageOf(result.items.map(wire), result.total, page, pageSize));
  };
  route(app, 'GET', '/user/topup', guard.admin, async (request) => list(request.query));
  route(app, 'GET', '/user/topup/self', guard.user, async (request) => list(request.query, signedIn(request).id));
  route(app, 'GET', '/user/topup/info', guard.user, async () => ok(topUpInfo(deps.options)));
}
