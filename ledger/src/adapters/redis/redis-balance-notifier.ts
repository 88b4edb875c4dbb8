import type { Redis } from 'ioredis';
import type { BackgroundLog } from '../../background/background-log.js';
import { followChannel } from './follow-channel.js';
import type { BalanceNotifier, BalancesListener } from '../../ports/balance-notifier.js';
import type { BalancesChanged } from '../../ports/balance-store.js';

/**
 * The ledger's notices over Redis pub/sub: a ledger worker publishes, every gateway hears it
 * (hot state, live consoles). `subscriber` must be a connection of its own.
 */
export class RedisBalanceNotifier implements BalanceNotifier {
  private readonly listeners = new Set<BalancesListener>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    log: BackgroundLog,
  ) {
    followChannel(subscriber, channel, log);
    subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      let changes: BalancesChanged;
      try {
        changes = JSON.parse(text) as BalancesChanged;
      } catch {
        return; // not the ledger's: a listener that threw here would end the process
      }
      for (const listener of this.listeners) listener(changes);
    });
  }

  async publish(changes: BalancesChanged): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(changes));
  }

  subscribe(listener: BalancesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscriber.unsubscribe(this.channel);
  }
}
