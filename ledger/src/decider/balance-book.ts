import type { LedgerEvent } from '@tollgate/wire';
import type { AppliedEvent, BalancesChanged, ChannelBalance, SettledHold, TokenBalance, UserBalance } from '../ports/balance-store.js';
import { accountKeysOf, appliedEventOf, emptyChannel, emptyToken, emptyUser } from './accounts.js';
import { evolve, settledHoldOf, type TouchedBalances } from './evolve.js';

/** Where a book reads an account it has not touched yet. Synchronous: it runs inside a store's transaction. */
export interface BalanceLoader {
  user(userId: number): UserBalance;
  token(tokenId: number): TokenBalance;
  channel(channelId: number): ChannelBalance;
}

/** For a fold from the start of the log: every account starts at zero. */
export const zeroBalances: BalanceLoader = { user: emptyUser, token: emptyToken, channel: emptyChannel };

export interface BalanceBookOptions {
  /**
   * Whether `changes()` lists the applied event ids and settled holds (true by default): a store
   * writes them beside the balances. The audit's fold of the whole history says false, so its
   * memory is the accounts' and not one id per event (20 million ids are gigabytes of heap).
   */
  listsEvents?: boolean;
}

/**
 * Runs events through `evolve`, keeping the balances of every account they touched. A store
 * fills it inside one transaction, then writes `changes()`; an audit folds the whole log into one.
 */
export class BalanceBook {
  private readonly users = new Map<number, UserBalance>();
  private readonly tokens = new Map<number, TokenBalance>();
  private readonly channels = new Map<number, ChannelBalance>();
  private readonly settledHolds: SettledHold[] = [];
  private readonly appliedEvents: AppliedEvent[] = [];

  private readonly listsEvents: boolean;

  constructor(
    private readonly loader: BalanceLoader = zeroBalances,
    options: BalanceBookOptions = {},
  ) {
    this.listsEvents = options.listsEvents ?? true;
  }

  apply(event: LedgerEvent): void {
    const next = evolve(this.current(event), event);
    if (next.user) this.users.set(next.user.userId, next.user);
    if (next.token) this.tokens.set(next.token.tokenId, next.token);
    if (next.channel) this.channels.set(next.channel.channelId, next.channel);
    if (!this.listsEvents) return;
    const hold = settledHoldOf(event);
    if (hold !== null) this.settledHolds.push(hold);
    this.appliedEvents.push(appliedEventOf(event));
  }

  /** The new balances of every touched account, with what the applied events settled. */
  changes(): BalancesChanged {
    return {
      users: [...this.users.values()],
      tokens: [...this.tokens.values()],
      channels: [...this.channels.values()],
      settledHolds: [...this.settledHolds],
      appliedEvents: [...this.appliedEvents],
    };
  }

  private current(event: LedgerEvent): TouchedBalances {
    const { userId, tokenId, channelId } = accountKeysOf(event);
    const touched: TouchedBalances = {};
    if (userId !== null) touched.user = this.users.get(userId) ?? this.loader.user(userId);
    if (tokenId !== null) touched.token = this.tokens.get(tokenId) ?? this.loader.token(tokenId);
    if (channelId !== null) touched.channel = this.channels.get(channelId) ?? this.loader.channel(channelId);
    return touched;
  }
}
