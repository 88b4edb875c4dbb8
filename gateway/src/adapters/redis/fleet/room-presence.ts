import { randomUUID } from 'node:crypto';
import type { BackgroundLog } from '@tollgate/ledger';
import { followShardChannel, type ShardPublisher, type ShardSubscriber } from '@tollgate/ledger/redis';
import { z } from 'zod';
import type { LocalRooms, RoomPresence } from '../../../ports/hot-state/room-presence.js';

/** A gateway says which rooms it has (`rooms`), or asks every other gateway to say theirs (`ask`). */
const messageSchema = z.union([
  z.object({ gateway: z.string(), rooms: z.array(z.string()) }),
  z.object({ gateway: z.string(), ask: z.literal(true) }),
]);
type Message = z.infer<typeof messageSchema>;

export interface RoomPresenceTiming {
  /** How often each gateway repeats its rooms; another that misses three in a row is forgotten. */
  heartbeatMs: number;
}

const MISSED_HEARTBEATS = 3;

function parse(text: string): Message | null {
  try {
    return messageSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The rooms consoles joined: the adapter's, less each socket's own. */
function joinedRooms(local: LocalRooms): string[] {
  return [...local.rooms.keys()].filter((room) => !local.sids.has(room));
}

/**
 * Room presence over Redis sharded pub/sub (one shard channel: one node of a Redis Cluster relays
 * it): each gateway announces its rooms when one opens or closes,
 * when another gateway starts (it asks), and on a heartbeat that lets the others forget a gateway
 * that died. A console that joins on one gateway is heard by the others within a publish; a push
 * another gateway makes in that millisecond is missed, like one made before the console connected.
 * `subscriber` is a connection in subscribe mode (it may carry other channels).
 */
export class RedisRoomPresence implements RoomPresence {
  private readonly gateway = randomUUID();
  private readonly others = new Map<string, { rooms: Set<string>; until: number }>();
  private subscribed = false;
  private local: LocalRooms | undefined;
  private announcing = false;

  constructor(
    private readonly publisher: ShardPublisher,
    subscriber: ShardSubscriber,
    private readonly channel: string,
    log: BackgroundLog,
    private readonly timing: RoomPresenceTiming = { heartbeatMs: 10_000 },
  ) {
    // Subscribed again after a reconnection, the others are asked afresh: what they said meanwhile was lost.
    followShardChannel(subscriber, channel, log, {
      onSubscribed: () => {
        this.subscribed = true;
        this.greet();
      },
    });
    subscriber.on('smessage', (from: string, text: string) => {
      if (from === channel) this.hear(parse(text));
    });
  }

  watch(local: LocalRooms): () => void {
    this.local = local;
    const changed = () => this.announceSoon();
    local.on('create-room', changed);
    local.on('delete-room', changed);
    const heartbeat = setInterval(() => this.announce(), this.timing.heartbeatMs).unref();
    if (this.subscribed) this.greet();
    return () => {
      clearInterval(heartbeat);
      local.off('create-room', changed);
      local.off('delete-room', changed);
      this.local = undefined;
      this.publish({ gateway: this.gateway, rooms: [] });
    };
  }

  heard(room: string): boolean {
    if ((this.local?.rooms.get(room)?.size ?? 0) > 0) return true;
    const now = Date.now();
    for (const [gateway, other] of this.others) {
      if (other.until < now) this.others.delete(gateway);
      else if (other.rooms.has(room)) return true;
    }
    return false;
  }

  /** Asks the other gateways for their rooms and says this one's: once subscribed, so no answer is missed. */
  private greet(): void {
    if (!this.local) return;
    this.publish({ gateway: this.gateway, ask: true });
    this.announce();
  }

  private hear(message: Message | null): void {
    if (!message || message.gateway === this.gateway) return;
    if ('ask' in message) return this.announce();
    if (message.rooms.length === 0) this.others.delete(message.gateway);
    else this.others.set(message.gateway, { rooms: new Set(message.rooms), until: Date.now() + MISSED_HEARTBEATS * this.timing.heartbeatMs });
  }

  /** Consoles connect in bursts (a reload, a redeploy): one announcement per turn of the loop. */
  private announceSoon(): void {
    if (this.announcing) return;
    this.announcing = true;
    setImmediate(() => {
      this.announcing = false;
      this.announce();
    });
  }

  private announce(): void {
    if (this.local) this.publish({ gateway: this.gateway, rooms: joinedRooms(this.local) });
  }

  /** A lost announcement (Redis away) is repeated by the next heartbeat. */
  private publish(message: Message): void {
    this.publisher.spublish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }
}
