import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen.js';

/** What the account answers: its models, its grant in dollars and its spend in cents. */
export interface OpenAIAccount {
  key: string;
  models: string[];
  hardLimitUsd: number;
  totalUsageCents: number;
  hasPaymentMethod?: boolean;
}

export interface OpenAIAccountMock {
  url: string;
  /** Every path asked, with its query. */
  paths: string[];
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A real HTTP server speaking OpenAI's account reads: `GET /v1/models` and the legacy billing API, behind the key. */
export async function startOpenAIAccountMock(account: OpenAIAccount): Promise<OpenAIAccountMock> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    paths.push(url.pathname + url.search);
    if (request.headers.authorization !== `Bearer ${account.key}`) {
      return json(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    if (url.pathname === '/v1/models') return json(response, 200, { object: 'list', data: account.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'openai' })) });
    if (url.pathname === '/v1/dashboard/billing/subscription') {
      const limit = account.hardLimitUsd;
      return json(response, 200, { object: 'billing_subscription', has_payment_method: account.hasPaymentMethod ?? true, hard_limit_usd: limit, soft_limit_usd: limit, system_hard_limit_usd: limit, access_until: 0 });
    }
    if (url.pathname === '/v1/dashboard/billing/usage') return json(response, 200, { object: 'list', total_usage: account.totalUsageCents });
    return json(response, 404, { error: { message: `Unknown request URL: GET ${url.pathname}`, type: 'invalid_request_error', code: 'unknown_url' } });
  });
  return { ...(await listenOnLoopback(server)), paths };
}
