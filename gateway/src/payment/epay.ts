import { dict } from '@tollgate/wire';
import { createHash, timingSafeEqual } from 'node:crypto';

/** What the merchant's Epay account is: its address, merchant id (pid) and signing key. */
export interface EpayMerchant {
  payAddress: string;
  pid: string;
  key: string;
}

export interface EpayPurchase {
  /** alipay, wxpay, ... */
  type: string;
  outTradeNo: string;
  name: string;
  /** Two decimals. */
  money: string;
  notifyUrl: string;
  returnUrl: string;
}

/**
 * Epay's MD5 signature: the parameters sorted by name, empty ones and `sign`/`sign_type` left
 * out, joined as `k=v&k=v`, the key appended, MD5 in lowercase hex.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(signed + key, 'utf8').digest('hex');
}

/** Whether `params` (a notification) carry a valid signature by `key`; compared in constant time. */
export function epayVerify(params: Readonly<Record<string, string>>, key: string): boolean {
  const given = Buffer.from(params.sign ?? '', 'utf8');
  const expected = Buffer.from(epaySign(params, key), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signed form the browser posts to the Epay gateway, and where. */
export function epayPurchaseForm(merchant: EpayMerchant, purchase: EpayPurchase): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = dict({
    pid: merchant.pid,
    type: purchase.type,
    out_trade_no: purchase.outTradeNo,
    notify_url: purchase.notifyUrl,
    return_url: purchase.returnUrl,
    name: purchase.name,
    money: purchase.money,
  });
  return { url: `${merchant.payAddress.replace(/\/+$/, '')}/submit.php`, params: { ...params, sign: epaySign(params, merchant.key), sign_type: 'MD5' } };
}
