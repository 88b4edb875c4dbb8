import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCreemCheckout } from '../creem.js';
import { creemProducts, minorUnits } from '../creem-products.js';
import { creemEnabled } from '../top-up-info.js';
import { checkoutReference } from '../trade-number.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';

export type CreemPayDeps = MoneyContext;

const payBody = z.object({ product_id: z.string(), payment_method: z.string() });

/** new-api answers these calls with `message` 'success' or 'error' and the detail in `data`. */
const refuse = (data: string) => ({ success: false, message: 'error', data });

/**
 * POST /api/user/creem/pay (new-api's call): a Creem checkout for one of CreemProducts, and a
 * pending order recording the checkout's id, the product's price and currency and the quota it
 * credits, which the signed webhook must match (creem-webhook.ts). Answers `data.checkout_url`.
 */
export function registerCreemPayRoute(app: FastifyInstance, { deps, guard }: ApiContext<CreemPayDeps>): void {
  route(app, 'POST', '/user/creem/pay', guard.user, async (request) => {
    const user = signedIn(request);
    const body = payBody.safeParse(request.body ?? {});
    if (!body.success) return refuse('参数错误');
    if (body.data.payment_method !== 'creem') return refuse('不支持的支付渠道');
    if (!body.data.product_id) return refuse('请选择产品');
    if (!creemEnabled(deps.options)) return refuse('当前管理员未配置支付信息');
    const product = creemProducts(deps.options.string('CreemProducts')).find((p) => p.productId === body.data.product_id);
    if (!product) return refuse('产品不存在');
    const tradeNo = checkoutReference(user.id);
    const apiUrl = deps.options.boolean('CreemTestMode') ? deps.config.CREEM_TEST_API_URL : deps.config.CREEM_API_URL;
    const created = await createCreemCheckout(apiUrl, deps.options.string('CreemApiKey'), {
      productId: product.productId, requestId: tradeNo, email: user.email || undefined,
      metadata: { username: user.username, reference_id: tradeNo, product_name: product.name, quota: String(product.quota) },
    });
    if ('error' in created) {
      deps.log.error({ userId: user.id, tradeNo, reason: created.error }, 'Creem checkout failed');
      return refuse('拉起支付失败');
    }
    await deps.topUps.create({
      userId: user.id, amount: product.quota / deps.options.number('QuotaPerUnit'), money: product.price, tradeNo, paymentMethod: 'creem', createTime: Math.floor(Date.now() / 1000),
      checkoutId: created.checkout.id, checkoutAmount: minorUnits(product.price), checkoutCurrency: product.currency.toLowerCase(), quota: product.quota,
    });
    return { success: true, message: 'success', data: { checkout_url: created.checkout.checkout_url, order_id: tradeNo } };
  });
}
