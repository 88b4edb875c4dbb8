import type { BalancesChanged, TokenBalance, UserBalance } from '@tollgate/ledger';
import type { Redis } from 'ioredis';
import type { AcquireResult, HoldRequest, HoldStore, OwedHold, TokenLimitRequest, TokenLimitResult } from '../../ports/hold-store.js';
import * as scripts from './hold-scripts.js';
import { LuaScript } from './lua-script.js';

type Arg = string | number;

const ACQUIRE = new LuaScript(scripts.ACQUIRE);
const ADJUST = new LuaScript(scripts.ADJUST);
const RELEASE = new LuaScript(scripts.RELEASE);
const SET_BALANCES = new LuaScript(scripts.SET_BALANCES);
const AVAILABLE = new LuaScript(scripts.AVAILABLE);
const KEEP = new LuaScript(scripts.KEEP);
const LIMIT_TOKEN = new LuaScript(scripts.LIMIT_TOKEN);

/** A script's answer for what a user can spend: an integer, or nil when the balance is unknown. */
const availableOf = (result: unknown): number | null => (typeof result === 'number' ? result : null);

/** Holds shared by every gateway through Redis; see hold-scripts.ts for the key layout. */
export class RedisHoldStore implements HoldStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tg:',
  ) {}

  async seed(users: UserBalance[], tokens: TokenBalance[]): Promise<void> {
    await this.setBalances(true, users, tokens, []);
  }

  async acquire(r: HoldRequest): Promise<AcquireResult> {
    const result = (await this.run(ACQUIRE, [r.holdId, r.userId, r.tokenId, r.least, r.most, r.ttlMs])) as string | number;
    return typeof result === 'number' ? { ok: true, granted: result } : { ok: false, reason: result as 'user_quota' | 'token_quota' | 'balance_unknown' };
  }

  async limitToken(r: TokenLimitRequest): Promise<TokenLimitResult> {
    const result = await this.run(LIMIT_TOKEN, [r.holdId, r.tokenId, r.remain, r.ttlMs]);
    return typeof result === 'number' ? { ok: false, held: result } : { ok: true };
  }

  async adjust(holdId: string, amount: number): Promise<number | null> {
    return availableOf(await this.run(ADJUST, [holdId, amount]));
  }

  async release(holdId: string): Promise<void> {
    await this.run(RELEASE, [holdId]);
  }

  async keep(owed: OwedHold[], ttlMs: number): Promise<void> {
    if (owed.length === 0) return;
    await this.run(KEEP, [ttlMs, ...owed.flatMap((h) => [h.holdId, h.userId, h.tokenId, h.amount])]);
  }

  async applyLedgerChanges(changes: BalancesChanged): Promise<void> {
    await this.setBalances(false, changes.users, changes.tokens, changes.settledHoldIds);
  }

  async available(userId: number): Promise<number | null> {
    return availableOf(await this.run(AVAILABLE, [userId]));
  }

  private setBalances(seed: boolean, users: UserBalance[], tokens: TokenBalance[], settled: string[]): Promise<unknown> {
    const args: Arg[] = [seed ? '1' : '0', users.length];
    for (const u of users) args.push(u.userId, u.quota);
    args.push(tokens.length);
    for (const t of tokens) args.push(t.tokenId, t.remainQuota, t.unlimited ? '1' : '0');
    return this.run(SET_BALANCES, [...args, ...settled]);
  }

  private run(script: LuaScript, args: Arg[]): Promise<unknown> {
    // Not yet declared: the hold keys are built inside the scripts (one global expiry set), see issue #35.
    return script.run(this.redis, [], [this.prefix, ...args]);
  }
}

export function createRedisHoldStore(redis: Redis, prefix?: string): HoldStore {
  return new RedisHoldStore(redis, prefix);
}
