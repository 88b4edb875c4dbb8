import type { BalancesChanged, TokenBalance, UserBalance } from '@tollgate/ledger';
import type { AcquireResult, HoldRequest, HoldStore, OwedHold, TokenLimitRequest, TokenLimitResult } from '../../ports/hold-store.js';

interface Hold {
  userId: number;
  tokenId: number;
  amount: number;
  expiresAt: number;
  /** Set on a token's limit hold (limitToken): the remaining quota the token is limited to meanwhile. */
  limit?: number;
}

/** A limit hold holds no quota: it caps its token; its user is none (see billing/balance-hold.ts). */
const NO_USER = 0;

interface TokenState {
  remain: number;
  unlimited: boolean;
}

/** Holds in this process's memory: right for one gateway; a cluster shares them in Redis. */
export class InProcessHoldStore implements HoldStore {
  private readonly userQuota = new Map<number, number>();
  private readonly tokenState = new Map<number, TokenState>();
  private readonly holds = new Map<string, Hold>();
  private readonly heldByUser = new Map<number, number>();
  private readonly heldByToken = new Map<number, number>();
  /** Per token, its live limit holds' limits (hold id -> remaining quota). */
  private readonly limits = new Map<number, Map<string, number>>();
  /** No hold expires before this: at or below every live hold's expiry, so most calls skip the sweep. */
  private earliestExpiry = Number.POSITIVE_INFINITY;

  constructor(private readonly now: () => number = Date.now) {}

  async seed(users: UserBalance[], tokens: TokenBalance[]): Promise<void> {
    for (const user of users) if (!this.userQuota.has(user.userId)) this.userQuota.set(user.userId, user.quota);
    for (const token of tokens) {
      if (!this.tokenState.has(token.tokenId)) this.tokenState.set(token.tokenId, { remain: token.remainQuota, unlimited: token.unlimited });
    }
  }

  async acquire(request: HoldRequest): Promise<AcquireResult> {
    this.expireHolds();
    const quota = this.userQuota.get(request.userId);
    const token = this.tokenState.get(request.tokenId);
    if (quota === undefined || token === undefined) return { ok: false, reason: 'balance_unknown' };
    const userRoom = quota - (this.heldByUser.get(request.userId) ?? 0);
    const tokenRoom = this.tokenRoom(request.tokenId, token, request.most);
    if (userRoom < request.least) return { ok: false, reason: 'user_quota' };
    if (tokenRoom < request.least) return { ok: false, reason: 'token_quota' };
    const granted = Math.max(request.least, Math.min(request.most, userRoom, tokenRoom));
    const expiresAt = this.now() + request.ttlMs;
    this.holds.set(request.holdId, { userId: request.userId, tokenId: request.tokenId, amount: granted, expiresAt });
    this.earliestExpiry = Math.min(this.earliestExpiry, expiresAt);
    this.addHeld(request.userId, request.tokenId, granted);
    return { ok: true, granted };
  }

  async limitToken({ holdId, tokenId, remain, ttlMs }: TokenLimitRequest): Promise<TokenLimitResult> {
    this.expireHolds();
    const held = this.heldByToken.get(tokenId) ?? 0;
    if (held > remain) return { ok: false, held };
    const expiresAt = this.now() + ttlMs;
    this.holds.set(holdId, { userId: NO_USER, tokenId, amount: 0, expiresAt, limit: remain });
    this.earliestExpiry = Math.min(this.earliestExpiry, expiresAt);
    const limits = this.limits.get(tokenId) ?? new Map<string, number>();
    this.limits.set(tokenId, limits.set(holdId, remain));
    return { ok: true };
  }

  async adjust(holdId: string, amount: number): Promise<number | null> {
    const hold = this.holds.get(holdId);
    if (!hold) return null;
    this.addHeld(hold.userId, hold.tokenId, amount - hold.amount);
    hold.amount = amount;
    return this.available(hold.userId);
  }

  async release(holdId: string): Promise<void> {
    this.drop(holdId);
  }

  private drop(holdId: string): void {
    const hold = this.holds.get(holdId);
    if (!hold) return;
    this.holds.delete(holdId);
    this.addHeld(hold.userId, hold.tokenId, -hold.amount);
    if (hold.limit !== undefined) this.dropLimit(hold.tokenId, holdId);
  }

  async keep(owed: OwedHold[], ttlMs: number): Promise<void> {
    const expiresAt = this.now() + ttlMs;
    for (const { holdId, userId, tokenId, amount } of owed) {
      const hold = this.holds.get(holdId);
      if (hold) hold.expiresAt = expiresAt;
      else {
        this.holds.set(holdId, { userId, tokenId, amount, expiresAt });
        this.addHeld(userId, tokenId, amount);
      }
    }
    this.earliestExpiry = Math.min(this.earliestExpiry, expiresAt);
  }

  async applyLedgerChanges(changes: BalancesChanged): Promise<void> {
    for (const user of changes.users) this.userQuota.set(user.userId, user.quota);
    for (const token of changes.tokens) this.tokenState.set(token.tokenId, { remain: token.remainQuota, unlimited: token.unlimited });
    for (const holdId of changes.settledHoldIds) await this.release(holdId);
  }

  async available(userId: number): Promise<number | null> {
    this.expireHolds();
    const quota = this.userQuota.get(userId);
    return quota === undefined ? null : quota - (this.heldByUser.get(userId) ?? 0);
  }

  /** What the token can still take: the least of its remaining quota (when limited) and its limit holds, minus its holds; `most` when nothing caps it. */
  private tokenRoom(tokenId: number, token: TokenState, most: number): number {
    let cap = token.unlimited ? Number.POSITIVE_INFINITY : token.remain;
    for (const limit of this.limits.get(tokenId)?.values() ?? []) cap = Math.min(cap, limit);
    return cap === Number.POSITIVE_INFINITY ? most : cap - (this.heldByToken.get(tokenId) ?? 0);
  }

  private dropLimit(tokenId: number, holdId: string): void {
    const limits = this.limits.get(tokenId);
    limits?.delete(holdId);
    if (limits?.size === 0) this.limits.delete(tokenId);
  }

  private addHeld(userId: number, tokenId: number, delta: number): void {
    this.heldByUser.set(userId, (this.heldByUser.get(userId) ?? 0) + delta);
    this.heldByToken.set(tokenId, (this.heldByToken.get(tokenId) ?? 0) + delta);
  }

  /**
   * Frees the holds whose time is up. A sweep visits every live hold, so it runs only once the
   * earliest expiry has come: sweeping on every call cost each call a visit per call in flight
   * (hundreds under load, 512 with 512 streams open).
   */
  private expireHolds(): void {
    const now = this.now();
    if (now < this.earliestExpiry) return;
    this.earliestExpiry = Number.POSITIVE_INFINITY;
    for (const [holdId, hold] of this.holds) {
      if (hold.expiresAt <= now) this.drop(holdId);
      else this.earliestExpiry = Math.min(this.earliestExpiry, hold.expiresAt);
    }
  }
}

export function createInProcessHoldStore(now?: () => number): HoldStore {
  return new InProcessHoldStore(now);
}
