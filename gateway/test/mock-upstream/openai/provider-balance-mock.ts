import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen.js';

export interface ProviderBalanceMock {
  url: string;
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A real HTTP server answering the balance reads of DeepSeek, OpenRouter (under /api, as its base
 * URL has it) and Moonshot, in their own shapes, behind the key.
 */
export async function startProviderBalanceMock(key: string): Promise<ProviderBalanceMock> {
  const server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${key}`) return json(response, 401, { error: { message: 'Authentication Fails', type: 'authentication_error' } });
    switch (request.url) {
      case '/user/balance':
        return json(response, 200, {
          is_available: true,
          balance_infos: [
            { currency: 'USD', total_balance: '3.00', granted_balance: '0.00', topped_up_balance: '3.00' },
            { currency: 'CNY', total_balance: '110.25', granted_balance: '10.00', topped_up_balance: '100.25' },
          ],
        });
      case '/api/v1/credits':
        return json(response, 200, { data: { total_credits: 50, total_usage: 12.5 } });
      case '/v1/users/me/balance':
        return json(response, 200, { code: 0, data: { available_balance: 49.58, voucher_balance: 46.58, cash_balance: 3 }, scode: '0x0', status: true });
      default:
        return json(response, 404, { error: { message: `no route ${request.url}` } });
    }
  });
  return listenOnLoopback(server);
}
