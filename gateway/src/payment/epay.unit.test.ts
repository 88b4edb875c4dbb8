import { describe, expect, it } from 'vitest';
import { epayPurchaseForm, epaySign, epayVerify } from './epay.js';

const merchant = { payAddress: 'https://pay.example/', pid: '1001', key: 'secret-key' };
const purchase = { type: 'alipay', outTradeNo: 'USR1NOabc', name: 'TUC10', money: '73.00', notifyUrl: 'http://x/n', returnUrl: 'http://x/log' };

describe('Epay signatures', () => {
  it('signs the sorted, non-empty parameters followed by the key (MD5, lowercase hex)', () => {
    // echo -n "money=73.00&name=TUC10&notify_url=http://x/n&out_trade_no=USR1NOabc&pid=1001&return_url=http://x/log&type=alipaysecret-key" | md5sum
    const { url, params } = epayPurchaseForm(merchant, purchase);
    expect(url).toBe('https://pay.example/submit.php');
    expect(params.sign).toBe('2f65ab64c34b61836cc8df8dda6b0cdf');
    expect(params.sign_type).toBe('MD5');
  });

  it('leaves out empty values, sign and sign_type', () => {
    const base = { b: '2', a: '1' };
    expect(epaySign({ ...base, c: '', sign: 'x', sign_type: 'MD5' }, 'k')).toBe(epaySign(base, 'k'));
  });

  it('verifies a notification signed with the key, and nothing else', () => {
    const notify = { pid: '1001', trade_no: '2024', out_trade_no: 'USR1NOabc', type: 'alipay', name: 'TUC10', money: '73.00', trade_status: 'TRADE_SUCCESS' };
    const signed = { ...notify, sign: epaySign(notify, 'secret-key'), sign_type: 'MD5' };
    expect(epayVerify(signed, 'secret-key')).toBe(true);
    expect(epayVerify(signed, 'other-key')).toBe(false);
    expect(epayVerify({ ...signed, money: '730.00' }, 'secret-key')).toBe(false);
    expect(epayVerify({ ...notify }, 'secret-key')).toBe(false);
  });
});
