import type { BalancesChanged, TokenBalance, UserBalance, WindowUsageRecord } from '@tollgate/ledger';
import type { AcquireResult, HoldRef, HoldRequest, HoldStore, OwedHold, SubscriptionWindow, TokenLimitRequest, TokenLimitResult, WindowRef } from '../../ports/hot-state/hold-store.js';
import { addTo, payerOf, SubscriptionWindows } from './subscription-windows.js';

interface Hold {
  /** The accounts it holds from; null for one its scope leaves out. */
  userId: number | null;
  tokenId: number | null;
  amount: number;
  expiresAt: number;
  /** Set on a token's limit hold (limitToken): the remaining quota the token is limited to meanwhile. */
  limit?: number;
  /** Set on a hold a subscription pays (its userId then null: the wallet is not held): the windows it counts in. */
  windows?: WindowRef[];
}

interface TokenState {
  remain: number;
  unlimited: boolean;
}

/** What a hold on the user alone reads for the token it does not take from. */
const UNCAPPED: TokenState = { remain: 0, unlimited: true };

/** The accounts a request holds from, by its scope: null for the one it leaves out. */
function heldAccounts(request: Pick<HoldRequest, 'userId' | 'tokenId' | 'scope'>): { userId: number | null; tokenId: number | null } {
  const scope = request.scope ?? 'user-and-token';
  return { userId: scope === 'token' ? null : request.userId, tokenId: scope === 'user' ? null : request.tokenId };
}

/** Whether an announced balance is newer than the one known (recording its version); an unversioned one always is. */
function newer(versions: Map<number, number>, id: number, version: number | undefined): boolean {
  if (version === undefined) return true;
  if ((versions.get(id) ?? Number.NEGATIVE_INFINITY) >= version) return false;
  versions.set(id, version);
  return true;
}

/** Holds in this process's memory: right for one gateway; a cluster shares them in Redis. */
export class InProcessHoldStore implements HoldStore {
  private readonly userQuota = new Map<number, number>();
  private readonly tokenState = new Map<number, TokenState>();
  /** The version of each balance the ledger announced (`Announced`): an older one is not taken. */
  private readonly userVersions = new Map<number, number>();
  private readonly tokenVersions = new Map<number, number>();
  private readonly holds = new Map<string, Hold>();
  private readonly heldByUser = new Map<number, number>();
  private readonly heldByToken = new Map<number, number>();
  /** Per token, its live limit holds' limits (hold id -> remaining quota). */
  private readonly limits = new Map<number, Map<string, number>>();
  /** No hold expires before this: at or below every live hold's expiry, so most calls skip the sweep. */
  private earliestExpiry = Number.POSITIVE_INFINITY;
  private readonly windows: SubscriptionWindows;

  /** `windowUsage`: what the durable log recorded in each window, which a window this process first sees starts from. */
  constructor(
    private readonly now: () => number = Date.now,
    windowUsage?: Pick<WindowUsageRecord, 'counted'>,
  ) {
    this.windows = new SubscriptionWindows(now, windowUsage);
  }

  async seed(users: UserBalance[], tokens: TokenBalance[]): Promise<void> {
    for (const user of users) if (!this.userQuota.has(user.userId)) this.userQuota.set(user.userId, user.quota);
    for (const token of tokens) {
      if (!this.tokenState.has(token.tokenId)) this.tokenState.set(token.tokenId, { remain: token.remainQuota, unlimited: token.unlimited });
    }
  }

  async acquire(request: HoldRequest): Promise<AcquireResult> {
    this.expireHolds();
    const { userId, tokenId } = heldAccounts(request);
    const quota = userId === null ? Number.POSITIVE_INFINITY : this.userQuota.get(userId);
    const token = tokenId === null ? UNCAPPED : this.tokenState.get(tokenId);
    if (quota === undefined || token === undefined) return { ok: false, reason: 'balance_unknown' };
    const userRoom = quota - (userId === null ? 0 : (this.heldByUser.get(userId) ?? 0));
    const tokenRoom = tokenId === null ? request.most : this.tokenRoom(tokenId, token, request.most);
    const payer = request.pockets ? payerOf(this.windows, request.pockets, userRoom, request.least) : 'wallet';
    if (payer === 'user_quota' || payer === 'subscription_quota') return { ok: false, reason: payer };
    if (payer === 'wallet' && userRoom < request.least) return { ok: false, reason: 'user_quota' };
    if (tokenRoom < request.least) return { ok: false, reason: 'token_quota' };
    const room = payer === 'wallet' ? userRoom : payer.room;
    const granted = Math.max(request.least, Math.min(request.most, room, tokenRoom));
    const expiresAt = this.now() + request.ttlMs;
    this.earliestExpiry = Math.min(this.earliestExpiry, expiresAt);
    if (payer === 'wallet') {
      this.holds.set(request.holdId, { userId, tokenId, amount: granted, expiresAt });
      this.addHeld(userId, tokenId, granted);
      return { ok: true, granted };
    }
    const { windows, subscriptionId } = payer.pocket;
    this.holds.set(request.holdId, { userId: null, tokenId, amount: granted, expiresAt, windows });
    this.addHeld(null, tokenId, granted);
    this.windows.hold(windows, granted);
    return { ok: true, granted, subscriptionId };
  }

  async limitToken({ holdId, tokenId, remain, ttlMs }: TokenLimitRequest): Promise<TokenLimitResult> {
    this.expireHolds();
    const held = this.heldByToken.get(tokenId) ?? 0;
    if (held > remain) return { ok: false, held };
    const expiresAt = this.now() + ttlMs;
    // A limit hold holds no quota: it caps its token.
    this.holds.set(holdId, { userId: null, tokenId, amount: 0, expiresAt, limit: remain });
    this.earliestExpiry = Math.min(this.earliestExpiry, expiresAt);
    const limits = this.limits.get(tokenId) ?? new Map<string, number>();
    this.limits.set(tokenId, limits.set(holdId, remain));
    return { ok: true };
  }

  async adjust({ holdId, userId }: HoldRef, amount: number): Promise<number | null> {
    const hold = this.holds.get(holdId);
    if (!hold) return null;
    this.addHeld(hold.userId, hold.tokenId, amount - hold.amount);
    if (hold.windows) this.windows.hold(hold.windows, amount - hold.amount);
    hold.amount = amount;
    return this.available(userId);
  }

  async release({ holdId }: HoldRef): Promise<void> {
    this.drop(holdId);
  }

  /** Frees a hold; `settled`: the ledger applied its charge, which a subscription's windows go on counting. */
  private drop(holdId: string, settled = false): void {
    const hold = this.holds.get(holdId);
    if (!hold) return;
    this.holds.delete(holdId);
    this.addHeld(hold.userId, hold.tokenId, -hold.amount);
    if (hold.windows && settled) this.windows.settle(hold.windows, hold.amount);
    else if (hold.windows) this.windows.hold(hold.windows, -hold.amount);
    if (hold.limit !== undefined && hold.tokenId !== null) this.dropLimit(hold.tokenId, holdId);
  }

  async keep(owed: OwedHold[], ttlMs: number): Promise<void> {
    const expiresAt = this.now() + ttlMs;
    for (const { holdId, userId, tokenId, amount, windows } of owed) {
      const hold = this.holds.get(holdId);
      if (hold) hold.expiresAt = expiresAt;
      else if (windows?.length) {
        // A subscription pays it: taken again from its windows, the wallet untouched (issue #41).
        this.holds.set(holdId, { userId: null, tokenId, amount, expiresAt, windows });
        this.addHeld(null, tokenId, amount);
        this.windows.hold(windows, amount);
      } else {
        this.holds.set(holdId, { userId, tokenId, amount, expiresAt });
        this.addHeld(userId, tokenId, amount);
      }
    }
    this.earliestExpiry = Math.min(this.earliestExpiry, expiresAt);
  }

  async applyLedgerChanges(changes: BalancesChanged): Promise<void> {
    for (const user of changes.users) if (newer(this.userVersions, user.userId, user.version)) this.userQuota.set(user.userId, user.quota);
    for (const token of changes.tokens) {
      if (newer(this.tokenVersions, token.tokenId, token.version)) this.tokenState.set(token.tokenId, { remain: token.remainQuota, unlimited: token.unlimited });
    }
    for (const { holdId } of changes.settledHolds) this.drop(holdId, true);
  }

  async available(userId: number): Promise<number | null> {
    this.expireHolds();
    const quota = this.userQuota.get(userId);
    return quota === undefined ? null : quota - (this.heldByUser.get(userId) ?? 0);
  }

  async counted(_userId: number, windows: SubscriptionWindow[]): Promise<number[]> {
    return windows.map((w) => this.windows.counted(w));
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

  private addHeld(userId: number | null, tokenId: number | null, delta: number): void {
    if (userId !== null) addTo(this.heldByUser, userId, delta);
    if (tokenId !== null) addTo(this.heldByToken, tokenId, delta);
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

export function createInProcessHoldStore(now?: () => number, windowUsage?: Pick<WindowUsageRecord, 'counted'>): HoldStore {
  return new InProcessHoldStore(now, windowUsage);
}
