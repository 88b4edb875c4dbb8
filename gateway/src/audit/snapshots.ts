import { createHash } from 'node:crypto';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { Channel } from '../ports/documents/channel-store.js';
import type { Redemption } from '../ports/documents/redemption-store.js';
import { isSecretOption } from '../options/option-rules.js';
import { jsonOrNull } from '../http/json-or-null.js';

/** What a snapshot reads. */
export type SnapshotDeps = AccountsContext & MoneyContext & ChannelsContext;

/**
 * A secret's stand-in: whether it is set and a short fingerprint, so the trail shows that a key
 * changed (the fingerprints differ) without holding anything that would let one use it.
 */
export function masked(secret: string): { set: boolean; fingerprint: string } {
  if (!secret) return { set: false, fingerprint: '' };
  return { set: true, fingerprint: createHash('sha256').update(secret).digest('hex').slice(0, 8) };
}

/** A user as the audit shows it: the fields an administrator changes, the quota from the ledger; no password, access token or TOTP secret. */
export async function userSnapshot(deps: SnapshotDeps, id: number): Promise<Record<string, unknown> | null> {
  const user = await deps.users.byId(id);
  if (!user) return null;
  const [[balance], twoFactor] = await Promise.all([deps.balances.users([id]), deps.twoFactor.byUserId(id)]);
  return {
    username: user.username,
    display_name: user.displayName,
    role: user.role,
    status: user.status,
    group: user.group,
    email: user.email,
    deleted: user.deletedAt !== null,
    quota: balance?.quota ?? 0,
    two_factor: twoFactor?.enabled ?? false,
  };
}

/**
 * A header override's headers with their values masked: operators put credentials there
 * (`Authorization`, an `x-api-key`), and the trail needs only which headers changed and whether
 * their values did. Text that is not a JSON object is masked whole.
 */
function maskedHeaders(headerOverride: string): unknown {
  if (!headerOverride) return '';
  const headers = jsonOrNull(headerOverride);
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return masked(headerOverride);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, masked(String(value))]));
}

/** A channel's settings, its key and header values masked; the counters the relay updates (balance, response time) are left out. */
export function channelView(channel: Channel): Record<string, unknown> {
  const { key, balance: _b, responseTime: _r, testTime: _t, balanceUpdatedTime: _u, otherInfo: _o, ...settings } = channel;
  return { ...settings, key: masked(key), headerOverride: maskedHeaders(channel.headerOverride) };
}

export async function channelSnapshot(deps: SnapshotDeps, id: number): Promise<Record<string, unknown> | null> {
  const channel = await deps.channels.byId(id);
  return channel ? channelView(channel) : null;
}

/** What a channel test or balance update changes: the measures a channel's settings snapshot leaves out. */
export async function channelMeasures(deps: SnapshotDeps, id: number): Promise<Record<string, unknown> | null> {
  const channel = await deps.channels.byId(id);
  if (!channel) return null;
  const { status, balance, responseTime, testTime, balanceUpdatedTime } = channel;
  return { status, balance, response_time: responseTime, test_time: testTime, balance_updated_time: balanceUpdatedTime };
}

/** A redemption code: the code itself is a bearer secret, so masked. */
export function redemptionView(redemption: Redemption): Record<string, unknown> {
  return { ...redemption, key: masked(redemption.key) };
}

export async function redemptionSnapshot(deps: SnapshotDeps, id: number): Promise<Record<string, unknown> | null> {
  const redemption = await deps.redemptions.byId(id);
  return redemption ? redemptionView(redemption) : null;
}

/** A subscription plan as it stands (it holds no secret). */
export function planSnapshot(deps: SnapshotDeps, id: number): Promise<unknown> {
  return deps.subscriptions.planById(id);
}

/** One option's value, masked when it is a secret (keys ending in Token, Secret or Key). */
export function optionSnapshot(deps: SnapshotDeps, key: string): { value: unknown } {
  const value = deps.options.all()[key] ?? '';
  return { value: isSecretOption(key) ? masked(value) : value };
}
