import { ConsoleClient, userWithKey } from '../support/clients/console-client.js';

/**
 * What the subscription restart tests share (issue #41): a per-call model priced at ModelPrice
 * 0.002 (at the default 500,000 quota per unit, PRICE a call whatever its tokens), a plan of
 * `limitCalls` calls a day, and a user on it with a wallet of `walletCalls` calls.
 */
export const PRICE = 0.002 * 500_000;
const MODEL = 'percall-model';

export interface PlanCaller {
  user: ConsoleClient;
  key: string;
}

/** `username` (a caller's password is userWithKey's) signed in on `url`: a restarted gateway listens on another port. */
export async function signIn(url: string, username: string, password = 'password-1'): Promise<ConsoleClient> {
  const client = new ConsoleClient(url);
  await client.login(username, password);
  return client;
}

/** Prices the model and adds a channel to `upstreamUrl`, as root on `url`. */
export async function pricePerCall(url: string, upstreamUrl: string): Promise<ConsoleClient> {
  const root = await signIn(url, 'root', '123456');
  await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: `{"${MODEL}":0.002}` });
  await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstreamUrl, models: MODEL, group: 'default' });
  return root;
}

export async function subscribedCaller(url: string, root: ConsoleClient, name: string, plan: { limitCalls: number; walletCalls: number; preference: string }): Promise<PlanCaller> {
  const fields = { title: `${plan.limitCalls} calls a day`, price_amount: 1, duration_unit: 'day', duration_value: 30, total_amount: plan.limitCalls * PRICE, quota_reset_period: 'daily' };
  const planId = (await root.must<{ id: number }>('POST', '/api/subscription/admin/plans', { plan: fields })).id;
  const { user, key } = await userWithKey(url, root, name, plan.walletCalls * PRICE);
  const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
  await root.must('POST', '/api/subscription/admin/bind', { user_id: id, plan_id: planId });
  await user.must('PUT', '/api/subscription/self/preference', { billing_preference: plan.preference });
  return { user, key };
}

/** One call of the per-call model through `url`: its status and body. */
export function callPlan(url: string, key: string): Promise<string> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, max_tokens: 4, messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (r) => `${r.status} ${await r.text()}`);
}

/** `count` calls at once; how many were served (every other one must be a 403 refusal). */
export async function servedOf(url: string, key: string, count: number): Promise<{ served: number; refusedOtherwise: string[] }> {
  const answers = await Promise.all(Array.from({ length: count }, () => callPlan(url, key)));
  return { served: answers.filter((a) => a.startsWith('200')).length, refusedOtherwise: answers.filter((a) => !a.startsWith('200') && !a.startsWith('403')) };
}

/** What the user's first subscription's daily window counted. */
export async function windowUsed(user: ConsoleClient): Promise<number | undefined> {
  const self = await user.must<{ subscriptions: { windows: { amount_used: number }[] }[] }>('GET', '/api/subscription/self');
  return self.subscriptions[0]?.windows[0]?.amount_used;
}

/** The wallet and the ledger's counts, as the user reads them. */
export function books(user: ConsoleClient): Promise<{ quota: number; used_quota: number; request_count: number }> {
  return user.must('GET', '/api/user/self');
}
