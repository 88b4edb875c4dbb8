import type { Channel } from '../ports/documents/channel-store.js';
import { getUpstreamJson as getJson } from './upstream-get.js';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * OpenAI's billing API, which OpenAI-compatible relays (Tollgate too) answer: the limit less this
 * month's usage, or the last 100 days' without a payment method, in dollars.
 */
async function openAIBalance(channel: Channel, now: Date): Promise<number> {
  const subscription = await getJson(channel, '/v1/dashboard/billing/subscription');
  const start = subscription.has_payment_method ? `${day(now).slice(0, 7)}-01` : day(new Date(now.getTime() - 100 * 86_400_000));
  const usage = await getJson(channel, `/v1/dashboard/billing/usage?start_date=${start}&end_date=${day(now)}`);
  return Number(subscription.hard_limit_usd ?? 0) - Number(usage.total_usage ?? 0) / 100;
}

/** SiliconCloud's user info carries the balance in yuan. */
async function siliconCloudBalance(channel: Channel): Promise<number> {
  const info = await getJson(channel, '/v1/user/info');
  return Number((info.data as { totalBalance?: unknown } | undefined)?.totalBalance ?? 0);
}

/** DeepSeek lists a balance per currency, as text; the yuan one is the account's. */
async function deepSeekBalance(channel: Channel): Promise<number> {
  const answer = await getJson(channel, '/user/balance');
  const infos = (answer.balance_infos as { currency?: string; total_balance?: string }[] | undefined) ?? [];
  const account = infos.find((info) => info.currency === 'CNY') ?? infos[0];
  return Number(account?.total_balance ?? 0);
}

/** OpenRouter: the credits bought less those used, in dollars. */
async function openRouterBalance(channel: Channel): Promise<number> {
  const { data } = (await getJson(channel, '/v1/credits')) as { data?: { total_credits?: number; total_usage?: number } };
  return Number(data?.total_credits ?? 0) - Number(data?.total_usage ?? 0);
}

/** Moonshot: the available balance (cash and vouchers), in yuan. */
async function moonshotBalance(channel: Channel): Promise<number> {
  const { data } = (await getJson(channel, '/v1/users/me/balance')) as { data?: { available_balance?: number } };
  return Number(data?.available_balance ?? 0);
}

const byType: Record<number, (channel: Channel, now: Date) => Promise<number>> = {
  1: openAIBalance,
  8: openAIBalance,
  20: openRouterBalance,
  25: moonshotBalance,
  40: siliconCloudBalance,
  43: deepSeekBalance,
};

/** The channel's balance at its provider, or null for a type whose provider has no balance API. */
export function fetchBalance(channel: Channel, now = new Date()): Promise<number> | null {
  return byType[channel.type]?.(channel, now) ?? null;
}
