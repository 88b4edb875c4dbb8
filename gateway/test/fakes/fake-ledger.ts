import type {
  BalanceNotifier,
  BalanceStore,
  BalancesChanged,
  BalancesListener,
  ChannelBalance,
  EventLog,
  LedgerEvent,
  StoredEvent,
  Subscription,
  TokenBalance,
  UserBalance,
} from '@tollgate/ledger';

/**
 * FAKE, for gateway tests only: an in-memory stand-in for the ledger (event log, balance store
 * and notifier in one) while the real SQLite adapters are being built. Appended events are
 * applied on the next tick and announced like the ledger worker does, so read-your-writes
 * through `publishAndWait` behaves as in production. `hold()` stops applying, to test timeouts.
 */
export class FakeLedger {
  readonly appended: LedgerEvent[] = [];
  private readonly users = new Map<number, UserBalance>();
  private readonly tokens = new Map<number, TokenBalance>();
  private readonly channels = new Map<number, ChannelBalance>();
  private readonly listeners = new Set<BalancesListener>();
  private applying = true;

  hold(): void {
    this.applying = false;
  }

  readonly eventLog: EventLog = {
    append: async (events) => {
      this.appended.push(...events);
      if (this.applying) setTimeout(() => void this.notifier.publish(this.applyAll(events)), 0);
    },
    subscribe: async (): Promise<Subscription> => ({ stop: async () => undefined }),
    close: async () => undefined,
  };

  readonly balances: BalanceStore = {
    apply: async (batch: StoredEvent[]) => this.applyAll(batch.map((stored) => stored.event)),
    checkpoint: async () => -1,
    users: async (ids) => ids.map((id) => ({ ...this.user(id) })),
    tokens: async (ids) => ids.map((id) => ({ ...this.token(id, 0) })),
    channels: async (ids) => ids.map((id) => ({ ...this.channel(id) })),
    close: async () => undefined,
  };

  readonly notifier: BalanceNotifier = {
    publish: async (changes: BalancesChanged) => {
      for (const listener of this.listeners) listener(changes);
    },
    subscribe: (listener) => {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    },
    close: async () => undefined,
  };

  /** Events of one type, for assertions. */
  ofType<T extends LedgerEvent['type']>(type: T): Extract<LedgerEvent, { type: T }>[] {
    return this.appended.filter((event): event is Extract<LedgerEvent, { type: T }> => event.type === type);
  }

  private user(id: number): UserBalance {
    let balance = this.users.get(id);
    if (!balance) this.users.set(id, (balance = { userId: id, quota: 0, usedQuota: 0, requestCount: 0 }));
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

  private applyAll(events: LedgerEvent[]): BalancesChanged {
    for (const event of events) this.apply(event);
    return { users: [...this.users.values()], tokens: [...this.tokens.values()], channels: [...this.channels.values()], settledHoldIds: settledHolds(events), appliedEventIds: events.map((e) => e.metadata.eventId) };
  }

  private apply(event: LedgerEvent): void {
    switch (event.type) {
      case 'QuotaAdjusted':
        this.user(event.data.userId).quota += event.data.delta;
        return;
      case 'QuotaGranted':
        this.user(event.data.userId).quota += event.data.amount;
        return;
      case 'TokenQuotaSet':
        Object.assign(this.token(event.data.tokenId, event.data.userId), { remainQuota: event.data.remainQuota, unlimited: event.data.unlimited });
        return;
      case 'TaskRefunded': {
        const { userId, tokenId, channelId, quota } = event.data;
        Object.assign(this.user(userId), { quota: this.user(userId).quota + quota, usedQuota: this.user(userId).usedQuota - quota });
        const token = this.token(tokenId, userId);
        if (!token.unlimited) token.remainQuota += quota;
        token.usedQuota -= quota;
        this.channel(channelId).usedQuota -= quota;
        return;
      }
      case 'UsageRecorded': {
        const { userId, tokenId, channelId, quota } = event.data;
        Object.assign(this.user(userId), { quota: this.user(userId).quota - quota, usedQuota: this.user(userId).usedQuota + quota, requestCount: this.user(userId).requestCount + 1 });
        const token = this.token(tokenId, userId);
        if (!token.unlimited) token.remainQuota -= quota;
        token.usedQuota += quota;
        this.channel(channelId).usedQuota += quota;
      }
    }
  }
}

/** As the real ledger: a recorded usage settles the hold it was charged against. */
function settledHolds(events: LedgerEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'UsageRecorded' && event.data.holdId ? [event.data.holdId] : []));
}
