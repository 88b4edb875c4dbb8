import type { Redis } from 'ioredis';
import type { Session, SessionStore } from '../../../ports/hot-state/session-store.js';
import { LuaScript, type ScriptRunner } from '../lua-script.js';

/**
 * Adds a session to its user's sorted set (member: the session's key, score: its expiry), dropping
 * the members that expired meanwhile, so the set stays as small as the user's live sessions.
 * KEYS: the user's set. ARGV: member, expiresAt, ttl ms, now ms.
 */
const LIST_SESSION = new LuaScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[4])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
`);

/** The commands these sessions use: ioredis' Redis and Cluster both have them. */
type SessionRedis = ScriptRunner & Pick<Redis, 'get' | 'set' | 'del' | 'zrange' | 'zrem' | 'smembers'>;

function parseSession(value: string | null): Session | null {
  const match = value?.match(/^(\d+):(\d+)$/);
  return match ? { userId: Number(match[1]), expiresAt: Number(match[2]) } : null;
}

/**
 * Sessions as Redis keys expiring with them, plus a sorted set per user: every gateway sees a
 * sign-out at once. No command spans two keys' slots, so a Redis Cluster serves them as one Redis
 * does: a session's key sits wherever its hash puts it, its user's set in the user's own slot.
 * A session is listed under its user before its key is written, so ending all of a user's
 * sessions never misses one that exists.
 */
export class RedisSessionStore implements SessionStore {
  private readonly sessionPrefix: string;
  private readonly userPrefix: string;

  constructor(
    private readonly redis: SessionRedis,
    prefix: string,
  ) {
    this.sessionPrefix = `${prefix}session:`;
    this.userPrefix = `${prefix}user-sessions:`;
  }

  async start(key: string, { userId, expiresAt }: Session): Promise<void> {
    const now = Date.now();
    const ttlMs = Math.max(1, expiresAt - now);
    await LIST_SESSION.run(this.redis, [this.userSet(userId)], [key, expiresAt, ttlMs, now]);
    await this.redis.set(this.sessionPrefix + key, `${userId}:${expiresAt}`, 'PX', ttlMs);
  }

  async find(key: string): Promise<Session | null> {
    return parseSession(await this.redis.get(this.sessionPrefix + key));
  }

  async end(key: string): Promise<void> {
    const session = parseSession(await this.redis.get(this.sessionPrefix + key));
    if (!session) return;
    await this.redis.del(this.sessionPrefix + key);
    await this.redis.zrem(this.userSet(session.userId), key);
  }

  async endAllOf(userId: number, keep = ''): Promise<number> {
    const [listed, legacy] = await Promise.all([this.redis.zrange(this.userSet(userId), 0, -1), this.redis.smembers(this.legacyUserSet(userId))]);
    const members = [...new Set([...listed, ...legacy])].filter((member) => member !== keep);
    if (members.length === 0) return 0;
    // One DEL per session: their keys lie in different slots of a Redis Cluster.
    const ended = await Promise.all(members.map((member) => this.redis.del(this.sessionPrefix + member)));
    if (listed.length > 0) await this.redis.zrem(this.userSet(userId), ...members);
    if (legacy.length > 0) await this.redis.del(this.legacyUserSet(userId));
    return ended.reduce((sum, deleted) => sum + deleted, 0);
  }

  /**
   * Where sessions started before the sorted sets were listed (a plain set). Read until the last
   * of them has expired, so a password change still ends them.
   */
  private legacyUserSet(userId: number): string {
    return this.userPrefix + userId;
  }

  /** The user's set, in the user's own slot of a Redis Cluster (`{u<id>}`). */
  private userSet(userId: number): string {
    return `${this.userPrefix}{u${userId}}`;
  }
}
