import { createServer } from 'node:http';
import { epaySign, epayVerify } from '../../../src/payment/epay.js';
import { listenOnLoopback } from '../listen.js';

/** An order the browser submitted to the gateway, its signature checked. */
export interface SubmittedOrder {
  params: Record<string, string>;
}

export interface EpayMock {
  /** Where PayAddress points. */
  url: string;
  /** Every form posted to /submit.php with a valid signature and merchant id. */
  orders: SubmittedOrder[];
  /** Forms refused for a bad signature or merchant. */
  refused: number;
  /** The user paid: Epay calls the order's notify_url (GET, signed) and returns what it answered. */
  pay(outTradeNo: string, overrides?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

/** An Epay gateway for one merchant (pid, key), as the real one behaves towards a shop. */
export async function startEpayMock(pid: string, key: string): Promise<EpayMock> {
  const orders: SubmittedOrder[] = [];
  const mock = { orders, refused: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(req.method === 'POST' ? body : (req.url ?? '').split('?')[1] ?? ''));
      if (!req.url?.startsWith('/submit.php') || params.pid !== pid || !epayVerify(params, key)) {
        mock.refused++;
        res.writeHead(400, { 'content-type': 'text/html' }).end('签名验证失败');
        return;
      }
      orders.push({ params });
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>扫码支付</html>');
    });
  });
  const listening = await listenOnLoopback(server);
  let tradeNo = 2024_0000;
  return {
    url: listening.url,
    orders,
    get refused() {
      return mock.refused;
    },
    async pay(outTradeNo, overrides = {}) {
      const order = orders.find((o) => o.params.out_trade_no === outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo} was submitted`);
      const { notify_url: notifyUrl = '', type = '', name = '', money = '' } = order.params;
      const notice: Record<string, string> = { pid, trade_no: String(tradeNo++), out_trade_no: outTradeNo, type, name, money, trade_status: 'TRADE_SUCCESS', ...overrides };
      const signed = { ...notice, sign: epaySign(notice, key), sign_type: 'MD5' };
      const response = await fetch(`${notifyUrl}?${new URLSearchParams(signed)}`);
      return response.text();
    },
    close: listening.close,
  };
}
