import type { Redis } from 'ioredis';
import type { ChangeKind, ChangeListener, ChangeNotices } from '../../ports/change-notices.js';

interface Notice {
  kind: ChangeKind;
  id?: number;
}

const KINDS: readonly ChangeKind[] = ['channels', 'channelHealth', 'tokens', 'users', 'options', 'sessions', 'ledgerAudit'];

function parseNotice(text: string): Notice | null {
  try {
    const notice = JSON.parse(text) as Partial<Notice>;
    if (!notice.kind || !KINDS.includes(notice.kind)) return null;
    return typeof notice.id === 'number' ? { kind: notice.kind, id: notice.id } : { kind: notice.kind };
  } catch {
    return null;
  }
}

/**
 * Change notices over Redis pub/sub, so every gateway's caches follow a console edit within
 * milliseconds. `subscriber` must be a connection of its own (it enters subscribe mode).
 */
export class RedisChangeNotices implements ChangeNotices {
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    private readonly publisher: Redis,
    subscriber: Redis,
    private readonly channel = 'tg:notices',
  ) {
    void subscriber.subscribe(channel);
    subscriber.on('message', (from: string, text: string) => {
      const notice = from === channel ? parseNotice(text) : null;
      if (notice) for (const listener of this.listeners) listener(notice.kind, notice.id);
    });
  }

  publish(kind: ChangeKind, id?: number): void {
    void this.publisher.publish(this.channel, JSON.stringify(id === undefined ? { kind } : { kind, id }));
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
