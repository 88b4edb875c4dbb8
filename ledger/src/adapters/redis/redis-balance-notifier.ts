import type { BackgroundLog } from '../../background/background-log.js';
import { followShardChannel, type ShardPublisher, type ShardSubscriber } from './follow-shard-channel.js';
import type { BalanceNotifier, BalancesListener } from '../../ports/balance-notifier.js';
import type { BalancesChanged } from '../../ports/balance-store.js';

/**
 * The ledger's notices over Redis sharded pub/sub (one shard channel, so one Redis Cluster node
 * relays them, in order): a ledger worker publishes, every gateway hears it (live consoles, a
 * request waiting for its own event). `subscriber` is a connection in subscribe mode (it may carry
 * other channels).
 */
export class RedisBalanceNotifier implements BalanceNotifier {
  private readonly listeners = new Set<BalancesListener>();

  constructor(
    private readonly publisher: ShardPublisher,
    private readonly subscriber: ShardSubscriber,
    private readonly channel: string,
    log: BackgroundLog,
  ) {
    followShardChannel(subscriber, channel, log);
    subscriber.on('smessage', (from: string, text: string) => {
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
    await this.publisher.spublish(this.channel, JSON.stringify(changes));
  }

  subscribe(listener: BalancesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscriber.sunsubscribe(this.channel);
  }
}
