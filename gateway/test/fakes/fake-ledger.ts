import { accountKeysOf, appliedEventOf, evolve, settledHoldOf, StatementBook, type BalanceNotifier, type BalanceStore, type BalancesChanged, type ChannelBalance, type EventLog, type LedgerHistory, type StoredEvent, type Subscription, type TokenBalance, type UserBalance } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import type { LedgerEvent } from '@tollgate/wire';

/**
 * FAKE, for gateway tests only: an in-memory stand-in for the ledger (event log, balance store
 * and notifier in one), folding with the ledger's decider. Appended events are applied on the
 * next tick and announced like the ledger worker does, so read-your-writes through `publishAndWait` behaves as in production. `hold()` stops applying, to test timeouts.
 */
export class FakeLedger {
  readonly appended: LedgerEvent[] = [];
  private readonly users = new Map<number, UserBalance>();
  private readonly tokens = new Map<number, TokenBalance>();
  private readonly channels = new Map<number, ChannelBalance>();
  private readonly appliedIds = new Set<string>();
  private applying = true;

  hold(): void {
    this.applying = false;
  }

  readonly eventLog: EventLog = {
    append: async (events) => {
      this.appended.push(...events);
      if (!this.applying) return;
      setTimeout(() => {
        this.notifier.publish(this.applyAll(events)).catch((error: unknown) => console.error(error));
      }, 0);
    },
    subscribe: async (): Promise<Subscription> => ({ stop: async () => undefined }),
    close: async () => undefined,
  };

  /** The appended events read back as a statement reads the log: one user's or all, each id once. */
  readonly history: LedgerHistory = {
    movementEvents: (query) => this.readBack(query.userId, (event) => event.type !== 'UsageRecorded'),
    usageTotals: async ({ userId, from, to }) => {
      const book = new StatementBook({ from, to });
      for await (const event of this.readBack(userId, (e) => e.type === 'UsageRecorded')) book.add(event);
      return book.periods().map((p) => ({ userId: p.userId, username: p.username, quotaBefore: -p.opening, requestsBefore: 0, quotaWithin: p.consumption, requestsWithin: p.requests }));
    },
  };

  readonly balances: BalanceStore = {
    apply: async (batch: StoredEvent[]) => this.applyAll(batch.map((stored) => stored.event)),
    checkpoint: async () => -1,
    users: async (ids) => ids.map((id) => ({ ...this.user(id) })),
    tokens: async (ids) => ids.map((id) => ({ ...this.token(id, 0) })),
    channels: async (ids) => ids.map((id) => ({ ...this.channel(id) })),
    forgetAppliedEvents: async () => 0,
    close: async () => undefined,
  };

  /** Where applied batches go: in-process, as embedded; a harness wraps it to feed hot state (billing/hot-state-feed.ts). */
  notifier: BalanceNotifier = createInProcessBalanceNotifier();

  private async *readBack(userId: number | undefined, keep: (event: LedgerEvent) => boolean): AsyncGenerator<LedgerEvent> {
    const seen = new Set<string>();
    for (const event of this.appended) {
      if (!keep(event) || (userId !== undefined && event.data.userId !== userId) || seen.has(event.metadata.eventId)) continue;
      seen.add(event.metadata.eventId);
      yield event;
    }
  }

  /** Events of one type, for assertions. */
  ofType<T extends LedgerEvent['type']>(type: T): Extract<LedgerEvent, { type: T }>[] {
    return this.appended.filter((event): event is Extract<LedgerEvent, { type: T }> => event.type === type);
  }

  private user(id: number): UserBalance {
    let balance = this.users.get(id);
    if (!balance) this.users.set(id, (balance = { userId: id, quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }));
    return balance;
  }

  private token(id: number, userId: number): TokenBalance {
    let balance = this.tokens.get(id);
    if (!balance) this.tokens.set(id, (balance = { tokenId: id, userId, remainQuota: 0, usedQuota: 0, unlimited: false }));
    return balance;
  }

  private channel(id: number): ChannelBalance {
    let balance = this.channels.get(id);
    if (!balance) this.channels.set(id, (balance = { channelId: id, usedQuota: 0 }));
    return balance;
  }

  /** The ledger's own rules (the decider), and its skip of an event id seen before. */
  private applyAll(events: LedgerEvent[]): BalancesChanged {
    const fresh = events.filter((event) => !this.appliedIds.has(event.metadata.eventId));
    for (const event of fresh) this.apply(event);
    const settledHolds = fresh.map(settledHoldOf).filter((hold) => hold !== null);
    return { users: [...this.users.values()], tokens: [...this.tokens.values()], channels: [...this.channels.values()], settledHolds, appliedEvents: events.map(appliedEventOf) };
  }

  private apply(event: LedgerEvent): void {
    this.appliedIds.add(event.metadata.eventId);
    const { userId, tokenId, channelId } = accountKeysOf(event);
    const next = evolve(
      {
        user: userId === null ? undefined : this.user(userId),
        token: tokenId === null ? undefined : this.token(tokenId, userId ?? 0),
        channel: channelId === null ? undefined : this.channel(channelId),
      },
      event,
    );
    if (next.user) this.users.set(next.user.userId, next.user);
    if (next.token) this.tokens.set(next.token.tokenId, next.token);
    if (next.channel) this.channels.set(next.channel.channelId, next.channel);
  }
}
