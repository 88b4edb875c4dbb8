import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../http/strict-int.js';
import { createStripeCheckout } from '../stripe.js';
import { stripeEnabled } from '../top-up-info.js';
import { minTopUp, payMoney, topUpUnits } from '../top-up-quote.js';
import { checkoutReference } from '../trade-number.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';

export type StripePayDeps = MoneyContext;

const amountBody = z.object({ amount: wholeNumber('amount') });
const payBody = amountBody.extend({ payment_method: z.string() });

/** new-api answers these calls with `message` 'success' or 'error' and the detail in `data`. */
const refuse = (data: string) => ({ success: false, message: 'error', data });

/** new-api's ceiling on one Stripe top-up, in units. */
const MAX_UNITS = 10_000;

/**
 * Stripe top-up (new-api's calls): `/user/stripe/amount` quotes amount × StripeUnitPrice × the
 * group's top-up ratio; `/user/stripe/pay` creates a Checkout Session for `amount` units of
 * StripePriceId and records a pending order with the session's id, amount and currency, which the
 * signed webhook must match (stripe-webhook.ts). Answers `data.pay_link`, Stripe's page.
 */
export function registerStripePayRoutes(app: FastifyInstance, { deps, guard }: ApiContext<StripePayDeps>): void {
  const quote = (body: unknown, group: string) => {
    const parsed = amountBody.safeParse(body ?? {});
    if (!parsed.success) return { error: refuse('参数错误') };
    const min = minTopUp(deps.options, deps.options.number('StripeMinTopUp'));
    if (parsed.data.amount < min) return { error: refuse(`充值数量不能小于 ${min}`) };
    const money = payMoney(deps.options, parsed.data.amount, group, deps.options.number('StripeUnitPrice'));
    if (money <= 0.01) return { error: refuse('充值金额过低') };
    return { amount: parsed.data.amount, money };
  };

  route(app, 'POST', '/user/stripe/amount', guard.user, async (request) => {
    const priced = quote(request.body, signedIn(request).group);
    return priced.error ?? { success: true, message: 'success', data: priced.money.toFixed(2) };
  });

  route(app, 'POST', '/user/stripe/pay', guard.user, async (request) => {
    const user = signedIn(request);
    const body = payBody.safeParse(request.body ?? {});
    if (!body.success) return refuse('参数错误');
    if (body.data.payment_method !== 'stripe') return refuse('不支持的支付渠道');
    const priced = quote(request.body, user.group);
    if (priced.error) return priced.error;
    // Stripe sells whole units of the Price: in quota display, whole dollars' worth of quota.
    const units = Math.floor(topUpUnits(deps.options, priced.amount));
    if (units > MAX_UNITS) return refuse(`充值数量不能大于 ${MAX_UNITS}`);
    if (units < 1) return refuse('充值数量无效');
    if (!stripeEnabled(deps.options)) return refuse('当前管理员未配置支付信息');
    const secret = deps.options.string('StripeApiSecret');
    if (!/^(sk|rk)_/.test(secret)) {
      deps.log.warn({ userId: user.id }, 'Stripe checkout refused: StripeApiSecret is not a secret (sk_) or restricted (rk_) key');
      return refuse('拉起支付失败');
    }
    const serverAddress = deps.options.string('ServerAddress');
    const tradeNo = checkoutReference(user.id);
    const created = await createStripeCheckout(deps.config.STRIPE_API_URL, secret, {
      clientReferenceId: tradeNo, priceId: deps.options.string('StripePriceId'), quantity: units,
      successUrl: `${serverAddress}/log`, cancelUrl: `${serverAddress}/topup`,
      allowPromotionCodes: deps.options.boolean('StripePromotionCodesEnabled'), customerEmail: user.email || undefined,
    });
    if ('error' in created) {
      deps.log.error({ userId: user.id, tradeNo, reason: created.error }, 'Stripe checkout failed');
      return refuse('拉起支付失败');
    }
    const { session } = created;
    await deps.topUps.create({
      userId: user.id, amount: units, money: Number(priced.money.toFixed(2)), tradeNo, paymentMethod: 'stripe', createTime: Math.floor(Date.now() / 1000),
      checkoutId: session.id, checkoutAmount: session.amount_total, checkoutCurrency: session.currency.toLowerCase(), quota: Math.round(units * deps.options.number('QuotaPerUnit')),
    });
    return { success: true, message: 'success', data: { pay_link: session.url } };
  });
}
