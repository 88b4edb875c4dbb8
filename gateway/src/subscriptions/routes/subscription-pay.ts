import { randomBytes } from 'node:crypto';
import type { SubscriptionPlan } from '@tollgate/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';
import { createCreemCheckout } from '../../payment/creem.js';
import { minorUnits } from '../../payment/creem-products.js';
import { epayPurchaseForm } from '../../payment/epay.js';
import { epayMethod } from '../../payment/pay-methods.js';
import { createStripeCheckout } from '../../payment/stripe.js';
import { creemEnabled, epayEnabled, stripeEnabled } from '../../payment/top-up-info.js';
import { checkoutReference } from '../../payment/trade-number.js';
import type { NewTopUpOrder } from '../../ports/documents/top-up-store.js';
import { purchasablePlan } from '../start-subscription.js';

const planId = z.number({ message: INVALID_PARAMS }).int().positive(INVALID_PARAMS);
const epayBody = z.object({ plan_id: planId, payment_method: z.string().max(32) });
const planBody = z.object({ plan_id: planId });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** new-api answers a failed checkout with `message` 'error' and the detail in `data`. */
const refuse = (data: string) => ({ success: false, message: 'error', data });

/**
 * Buying a plan through a payment provider (new-api's /api/subscription/{epay,stripe,creem}/pay):
 * the plan must be on sale and under its max_purchase_per_user, as new-api checks before any
 * payment; a pending order names the plan (amount 0: it credits no quota), and the provider's
 * signed notice starts the subscription once (paid-order.ts, through the payment webhooks).
 */
export function registerSubscriptionPayRoutes(app: FastifyInstance, { deps, guard }: ApiContext<MoneyContext>): void {
  const order = (userId: number, plan: SubscriptionPlan, tradeNo: string, paymentMethod: string, checkout: Partial<NewTopUpOrder> = {}): NewTopUpOrder =>
    ({ userId, amount: 0, money: plan.price_amount, tradeNo, paymentMethod, createTime: nowSeconds(), planId: plan.id, ...checkout });

  route(app, 'POST', '/subscription/epay/pay', guard.user, async (request) => {
    const user = signedIn(request);
    const body = parseInput(epayBody, request.body);
    const plan = await purchasablePlan(deps, user.id, body.plan_id);
    if (plan.price_amount < 0.01) return refuse('套餐金额过低');
    const type = epayMethod(deps.options, body.payment_method);
    if (!type) return refuse('支付方式不存在');
    if (!epayEnabled(deps.options)) return refuse('当前管理员未配置支付信息');
    const [payAddress, pid, key] = ['PayAddress', 'EpayId', 'EpayKey'].map((name) => deps.options.string(name));
    const serverAddress = deps.options.string('ServerAddress');
    const callbackAddress = deps.options.string('CustomCallbackAddress') || serverAddress;
    const tradeNo = `SUBUSR${user.id}NO${randomBytes(3).toString('hex')}${nowSeconds()}`;
    const form = epayPurchaseForm({ payAddress: payAddress ?? '', pid: pid ?? '', key: key ?? '' }, {
      type, outTradeNo: tradeNo, name: `SUB:${plan.title}`, money: plan.price_amount.toFixed(2),
      notifyUrl: `${callbackAddress}/api/subscription/epay/notify`, returnUrl: `${serverAddress}/topup`,
    });
    await deps.topUps.create(order(user.id, plan, tradeNo, type, { money: Number(plan.price_amount.toFixed(2)) }));
    return { success: true, message: 'success', data: form.params, url: form.url };
  });

  route(app, 'POST', '/subscription/stripe/pay', guard.user, async (request) => {
    const user = signedIn(request);
    const plan = await purchasablePlan(deps, user.id, parseInput(planBody, request.body).plan_id);
    if (!plan.stripe_price_id) return refuse('该套餐未配置 StripePriceId');
    if (!stripeEnabled(deps.options)) return refuse('当前管理员未配置支付信息');
    const tradeNo = checkoutReference(user.id);
    const serverAddress = deps.options.string('ServerAddress');
    const created = await createStripeCheckout(deps.config.STRIPE_API_URL, deps.options.string('StripeApiSecret'), {
      clientReferenceId: tradeNo, priceId: plan.stripe_price_id, quantity: 1, successUrl: `${serverAddress}/topup`, cancelUrl: `${serverAddress}/topup`,
      allowPromotionCodes: deps.options.boolean('StripePromotionCodesEnabled'), customerEmail: user.email || undefined,
    });
    if ('error' in created) {
      deps.log.error({ userId: user.id, tradeNo, reason: created.error }, 'Stripe plan checkout failed');
      return refuse('拉起支付失败');
    }
    const { session } = created;
    await deps.topUps.create(order(user.id, plan, tradeNo, 'stripe', { checkoutId: session.id, checkoutAmount: session.amount_total, checkoutCurrency: session.currency.toLowerCase(), quota: 0 }));
    return { success: true, message: 'success', data: { pay_link: session.url } };
  });

  route(app, 'POST', '/subscription/creem/pay', guard.user, async (request) => {
    const user = signedIn(request);
    const plan = await purchasablePlan(deps, user.id, parseInput(planBody, request.body).plan_id);
    if (!plan.creem_product_id) return refuse('该套餐未配置 CreemProductId');
    if (!creemEnabled(deps.options)) return refuse('当前管理员未配置支付信息');
    const tradeNo = checkoutReference(user.id);
    const apiUrl = deps.options.boolean('CreemTestMode') ? deps.config.CREEM_TEST_API_URL : deps.config.CREEM_API_URL;
    const created = await createCreemCheckout(apiUrl, deps.options.string('CreemApiKey'), {
      productId: plan.creem_product_id, requestId: tradeNo, email: user.email || undefined,
      metadata: { username: user.username, reference_id: tradeNo, plan_id: String(plan.id), plan_title: plan.title },
    });
    if ('error' in created) {
      deps.log.error({ userId: user.id, tradeNo, reason: created.error }, 'Creem plan checkout failed');
      return refuse('拉起支付失败');
    }
    const checkout = { checkoutId: created.checkout.id, checkoutAmount: minorUnits(plan.price_amount), checkoutCurrency: plan.currency.toLowerCase(), quota: 0 };
    await deps.topUps.create(order(user.id, plan, tradeNo, 'creem', checkout));
    return { success: true, message: 'success', data: { checkout_url: created.checkout.checkout_url, order_id: tradeNo } };
  });
}
