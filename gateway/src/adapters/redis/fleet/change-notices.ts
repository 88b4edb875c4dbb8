import { type BackgroundLog, runInBackground } from '@tollgate/ledger';
import { followShardChannel, type ShardPublisher, type ShardSubscriber } from '@tollgate/ledger/redis';
import { type ChangeKind, type ChangeListener, type ChangeNotices, changeKinds } from '../../../ports/hot-state/change-notices.js';

interface Notice {
  kind: ChangeKind;
  id?: number;
}

const KINDS: readonly ChangeKind[] = changeKinds;

function parseNotice(text: string): Notice | null {
  try {
    const notice = JSON.parse(text) as Partial<Notice>;
    if (!notice.kind || !KINDS.includes(notice.kind)) return null;
    return typeof notice.id === 'number' ? { kind: notice.kind, id: notice.id } : { kind: notice.kind };
  } catch {
    return null;
  }
}

/** The publisher also tells when its connection is back, to send again what failed meanwhile. */
export type NoticePublisher = ShardPublisher & { on(event: 'ready', listener: () => void): unknown };

/**
 * Change notices over Redis sharded pub/sub, so every gateway's caches follow a console edit within
 * milliseconds. `subscriber` is a connection in subscribe mode (it may carry other channels). One
 * shard channel: on a Redis Cluster its slot's primary relays every notice, so two notices from one
 * gateway arrive in the order they were sent (a classic PUBLISH goes to any node, and the cluster
 * bus may reorder them: seen in CI).
 *
 * Pub/sub loses what is published while a subscriber is away, and a publish fails while Redis is
 * away, so both ends catch up after an outage: a subscriber back on Redis tells its listeners that
 * every kind changed (each reloads all), and a publisher whose publish failed publishes that kind
 * again, as "all changed", once its connection is back. A change made during an outage therefore
 * reaches every gateway's routing table and caches after it, late but never lost.
 */
export class RedisChangeNotices implements ChangeNotices {
  private readonly listeners = new Set<ChangeListener>();
  /** Kinds whose notice failed to go out: published again (without an id) on reconnection. */
  private readonly owed = new Set<ChangeKind>();

  constructor(
    private readonly publisher: NoticePublisher,
    subscriber: ShardSubscriber,
    private readonly channel: string,
    private readonly log: BackgroundLog,
  ) {
    followShardChannel(subscriber, channel, log, { onReconnected: () => KINDS.forEach((kind) => this.tell({ kind })) });
    subscriber.on('smessage', (from: string, text: string) => {
      const notice = from === channel ? parseNotice(text) : null;
      if (notice) this.tell(notice);
    });
    publisher.on('ready', () => this.publishOwed());
  }

  publish(kind: ChangeKind, id?: number): void {
    const text = JSON.stringify(id === undefined ? { kind } : { kind, id });
    runInBackground(`publish a ${kind} change notice`, async () => {
      try {
        await this.publisher.spublish(this.channel, text);
      } catch (error) {
        this.owed.add(kind);
        throw error;
      }
    }, this.log);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell({ kind, id }: Notice): void {
    for (const listener of this.listeners) listener(kind, id);
  }

  private publishOwed(): void {
    const kinds = [...this.owed];
    this.owed.clear();
    for (const kind of kinds) this.publish(kind);
  }
}
