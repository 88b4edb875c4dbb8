import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../http/strict-int.js';
import { epayPurchaseForm } from '../epay.js';
import { epayMethod } from '../pay-methods.js';
import { minTopUp, payMoney, topUpUnits } from '../top-up-quote.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';

export type UserPayDeps = MoneyContext;

const amountBody = z.object({ amount: wholeNumber('amount'), top_up_code: z.string().optional() });
const payBody = amountBody.extend({ payment_method: z.string() });

/** new-api answers these calls with `message` 'success' or 'error' and the detail in `data`. */
const refuse = (data: string) => ({ success: false, message: 'error', data });

/**
 * Online top-up through Epay: `/user/amount` quotes the price, `/user/pay` records a pending order
 * and returns the signed form the browser posts to the gateway. The money arrives by the notify
 * callback (epay-notify.ts).
 */
export function registerUserPayRoutes(app: FastifyInstance, { deps, guard }: ApiContext<UserPayDeps>): void {
  const quote = (body: unknown, group: string) => {
    const parsed = amountBody.safeParse(body ?? {});
    if (!parsed.success) return { error: refuse('参数错误') };
    const min = minTopUp(deps.options);
    if (parsed.data.amount < min) return { error: refuse(`充值数量不能小于 ${min}`) };
    const money = payMoney(deps.options, parsed.data.amount, group);
    if (money <= 0.01) return { error: refuse('充值金额过低') };
    return { amount: parsed.data.amount, money };
  };

  route(app, 'POST', '/user/amount', guard.user, async (request) => {
    const priced = quote(request.body, signedIn(request).group);
    return priced.error ?? { success: true, message: 'success', data: priced.money.toFixed(2) };
  });

  route(app, 'POST', '/user/pay', guard.user, async (request) => {
    const user = signedIn(request);
    const priced = quote(request.body, user.group);
    if (priced.error) return priced.error;
    const type = epayMethod(deps.options, payBody.safeParse(request.body).data?.payment_method);
    if (!type) return refuse('支付方式不存在');
    const [payAddress, pid, key] = ['PayAddress', 'EpayId', 'EpayKey'].map((name) => deps.options.string(name));
    if (!payAddress || !pid || !key) return refuse('当前管理员未配置支付信息');
    const serverAddress = deps.options.string('ServerAddress');
    const callbackAddress = deps.options.string('CustomCallbackAddress') || serverAddress;
    const tradeNo = `USR${user.id}NO${randomBytes(3).toString('hex')}${Math.floor(Date.now() / 1000)}`;
    const form = epayPurchaseForm({ payAddress, pid, key }, {
      type, outTradeNo: tradeNo, name: `TUC${priced.amount}`, money: priced.money.toFixed(2),
      notifyUrl: `${callbackAddress}/api/user/epay/notify`, returnUrl: `${serverAddress}/log`,
    });
    await deps.topUps.create({
      userId: user.id, amount: Math.floor(topUpUnits(deps.options, priced.amount)), money: Number(priced.money.toFixed(2)),
      tradeNo, paymentMethod: type, createTime: Math.floor(Date.now() / 1000),
    });
    return { success: true, message: 'success', data: form.params, url: form.url };
  });
}
