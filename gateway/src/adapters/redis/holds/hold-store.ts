import type { Announced, BalancesChanged, SettledHold, TokenBalance, UserBalance } from '@tollgate/ledger';
import type { AcquireResult, HoldRef, HoldRequest, HoldStore, OwedHold, Pockets, SubscriptionWindow, TokenLimitRequest, TokenLimitResult } from '../../../ports/hot-state/hold-store.js';
import * as scripts from './hold-scripts.js';
import { LuaScript, type ScriptPipeliner, type ScriptRunner } from '../lua-script.js';

type Arg = string | number;

const ACQUIRE = new LuaScript(scripts.ACQUIRE);
const ADJUST = new LuaScript(scripts.ADJUST);
const RELEASE = new LuaScript(scripts.RELEASE);
const SET_BALANCES = new LuaScript(scripts.SET_BALANCES);
const AVAILABLE = new LuaScript(scripts.AVAILABLE);
const KEEP = new LuaScript(scripts.KEEP);
const LIMIT_TOKEN = new LuaScript(scripts.LIMIT_TOKEN);
const COUNTED = new LuaScript(scripts.COUNTED);

/** A script's answer for what a user can spend: an integer, or nil when the balance is unknown. */
const availableOf = (result: unknown): number | null => (typeof result === 'number' ? result : null);

/** ACQUIRE's tail for a call's pockets (see hold-scripts.ts): none when the wallet alone pays. */
function pocketArgs(pockets: Pockets | undefined): Arg[] {
  if (!pockets) return [];
  const args: Arg[] = [pockets.order, pockets.subscriptions.length];
  for (const { subscriptionId, windows } of pockets.subscriptions) {
    args.push(subscriptionId, windows.length);
    for (const w of windows) args.push(w.key, w.limit, w.endsAt);
  }
  return args;
}

/** A subscription hold's windows as its hash keeps them (`w`, see hold-scripts.ts); '' when the wallet pays. */
const windowsField = (windows: OwedHold['windows']): string => (windows ?? []).map((w) => `${w.key}|${w.endsAt}`).join(',');

/** One user's part of what the ledger applied (or of a seed). */
interface UserPart {
  user?: Announced<UserBalance>;
  tokens: Announced<TokenBalance>[];
  settled: string[];
}

/** What the ledger applied, user by user: each user's keys are changed by one script on its own slot. */
function byUser(users: Announced<UserBalance>[], tokens: Announced<TokenBalance>[], settled: SettledHold[]): Map<number, UserPart> {
  const parts = new Map<number, UserPart>();
  const part = (userId: number): UserPart => {
    const found = parts.get(userId);
    if (found) return found;
    const fresh: UserPart = { tokens: [], settled: [] };
    parts.set(userId, fresh);
    return fresh;
  };
  for (const user of users) part(user.userId).user = user;
  for (const token of tokens) part(token.userId).tokens.push(token);
  for (const hold of settled) part(hold.userId).settled.push(hold.holdId);
  return parts;
}

/**
 * How many replicas must have a new hold before the call goes on (`WAIT`), and how long to wait
 * for them. Redis replicates asynchronously: a hold its primary had not passed on when it died is
 * missing on the replica that takes over, and the balance it set aside could be spent twice. A hold
 * not confirmed in time is given back and the call refused: a lost hold costs a refusal, never an
 * overspend. 0 replicas: no WAIT (one Redis, or a Cluster without replicas).
 */
export interface HoldConfirmation {
  replicas: number;
  timeoutMs: number;
}

/** What the holds need of a client: ioredis' Redis and Cluster both have it. */
export type HoldRedis = ScriptRunner & ScriptPipeliner;

/**
 * Holds shared by every gateway through Redis, on one server or a Redis Cluster: each user's
 * balances, tokens and holds sit in one slot (see hold-scripts.ts for the key layout), so every
 * step is one script on one node, and a batch of the ledger's changes is one script per user.
 */
export class RedisHoldStore implements HoldStore {
  constructor(
    private readonly redis: HoldRedis,
    private readonly prefix = 'tg:',
    private readonly confirmation: HoldConfirmation = { replicas: 0, timeoutMs: 0 },
  ) {}

  async seed(users: UserBalance[], tokens: TokenBalance[]): Promise<void> {
    await this.setBalances(true, byUser(users, tokens, []));
  }

  async acquire(r: HoldRequest): Promise<AcquireResult> {
    const args = [r.holdId, r.tokenId, r.least, r.most, r.ttlMs, r.scope ?? 'user-and-token', ...pocketArgs(r.pockets)];
    const result = (this.confirmation.replicas > 0 ? await this.acquireConfirmed(r, args) : await this.run(ACQUIRE, r.userId, args)) as string | number | [number, number];
    if (typeof result === 'number') return { ok: true, granted: result };
    if (Array.isArray(result)) return { ok: true, granted: result[0], subscriptionId: result[1] };
    return { ok: false, reason: result as 'user_quota' | 'token_quota' | 'subscription_quota' | 'balance_unknown' | 'unconfirmed' };
  }

  /** ACQUIRE then WAIT on the user's primary; a hold its replicas did not confirm is given back. */
  private async acquireConfirmed(r: HoldRequest, args: Arg[]): Promise<unknown> {
    const { replicas, timeoutMs } = this.confirmation;
    const answer = await ACQUIRE.runAndWait(this.redis, ...this.keysAndArgs(r.userId, args), replicas, timeoutMs);
    const granted = typeof answer.result === 'number' || Array.isArray(answer.result);
    if (!granted || answer.replicas >= replicas) return answer.result;
    await this.release({ holdId: r.holdId, userId: r.userId });
    return 'unconfirmed';
  }

  async limitToken(r: TokenLimitRequest): Promise<TokenLimitResult> {
    const result = await this.run(LIMIT_TOKEN, r.userId, [r.holdId, r.tokenId, r.remain, r.ttlMs]);
    return typeof result === 'number' ? { ok: false, held: result } : { ok: true };
  }

  async adjust(hold: HoldRef, amount: number): Promise<number | null> {
    return availableOf(await this.run(ADJUST, hold.userId, [hold.holdId, amount]));
  }

  async release(hold: HoldRef): Promise<void> {
    await this.run(RELEASE, hold.userId, [hold.holdId]);
  }

  async keep(owed: OwedHold[], ttlMs: number): Promise<void> {
    const byOwner = new Map<number, Arg[]>();
    for (const h of owed) {
      const args = byOwner.get(h.userId) ?? [];
      args.push(h.holdId, h.tokenId, h.amount, windowsField(h.windows));
      byOwner.set(h.userId, args);
    }
    await Promise.all([...byOwner].map(([userId, holds]) => this.run(KEEP, userId, [ttlMs, ...holds])));
  }

  async applyLedgerChanges(changes: BalancesChanged): Promise<void> {
    await this.setBalances(false, byUser(changes.users, changes.tokens, changes.settledHolds));
  }

  async available(userId: number): Promise<number | null> {
    return availableOf(await this.run(AVAILABLE, userId, []));
  }

  async counted(userId: number, windows: SubscriptionWindow[]): Promise<number[]> {
    return (await this.run(COUNTED, userId, windows.map((w) => w.key))) as number[];
  }

  private async setBalances(seed: boolean, parts: Map<number, UserPart>): Promise<void> {
    await Promise.all(
      [...parts].map(([userId, part]) => {
        const args: Arg[] = [seed ? '1' : '0', part.user?.quota ?? '', part.user?.version ?? '', part.tokens.length];
        for (const t of part.tokens) args.push(t.tokenId, t.remainQuota, t.unlimited ? '1' : '0', t.version ?? '');
        return this.run(SET_BALANCES, userId, [...args, ...part.settled]);
      }),
    );
  }

  /** Runs a script on one user's keys: their hash tag puts them in one slot, named by the declared key. */
  private run(script: LuaScript, userId: number, args: Arg[]): Promise<unknown> {
    return script.run(this.redis, ...this.keysAndArgs(userId, args));
  }

  private keysAndArgs(userId: number, args: Arg[]): [string[], Arg[]] {
    const keys = `${this.prefix}{u${userId}}:`;
    return [[`${keys}exp`], [keys, ...args]];
  }
}

export function createRedisHoldStore(redis: HoldRedis, prefix?: string, confirmation?: HoldConfirmation): HoldStore {
  return new RedisHoldStore(redis, prefix, confirmation);
}
