import type { Redis } from 'ioredis';
import type { Session, SessionStore } from '../../ports/session-store.js';
import { LuaScript } from './lua-script.js';

/**
 * Keeps the session (value `userId:expiresAt`, expiring with it) and adds it to its user's set,
 * dropping from that set the sessions that expired meanwhile, so the set stays as small as the
 * user's live sessions. ARGV: session key, user's set, member, userId, expiresAt, ttl ms, session key prefix.
 */
const START = new LuaScript(`
for _, member in ipairs(redis.call('SMEMBERS', ARGV[2])) do
  if redis.call('EXISTS', ARGV[7] .. member) == 0 then redis.call('SREM', ARGV[2], member) end
end
redis.call('SET', ARGV[1], ARGV[4] .. ':' .. ARGV[5], 'PX', ARGV[6])
redis.call('SADD', ARGV[2], ARGV[3])
if redis.call('PTTL', ARGV[2]) < tonumber(ARGV[6]) then redis.call('PEXPIRE', ARGV[2], ARGV[6]) end
`);

/** Ends one session and leaves its user's set. ARGV: session key, user sets' prefix, member. */
const END = new LuaScript(`
local value = redis.call('GET', ARGV[1])
if not value then return 0 end
redis.call('DEL', ARGV[1])
redis.call('SREM', ARGV[2] .. string.match(value, '^(%d+):'), ARGV[3])
return 1
`);

/** Ends every session in the user's set but one, in one step. ARGV: user's set, kept member, session key prefix. */
const END_ALL = new LuaScript(`
local ended = 0
for _, member in ipairs(redis.call('SMEMBERS', ARGV[1])) do
  if member ~= ARGV[2] then
    ended = ended + redis.call('DEL', ARGV[3] .. member)
    redis.call('SREM', ARGV[1], member)
  end
end
return ended
`);

/**
 * These scripts reach a user's other session keys, which are not in the user's slot: on a
 * Redis Cluster they need session keys tagged by user first (issue #35, still open).
 */
const NOT_DECLARED: string[] = [];

function parseSession(value: string | null): Session | null {
  const match = value?.match(/^(\d+):(\d+)$/);
  return match ? { userId: Number(match[1]), expiresAt: Number(match[2]) } : null;
}

/** Sessions as Redis keys expiring with them, plus a set per user: every gateway sees a sign-out at once. */
export class RedisSessionStore implements SessionStore {
  private readonly sessionPrefix: string;
  private readonly userPrefix: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.sessionPrefix = `${prefix}session:`;
    this.userPrefix = `${prefix}user-sessions:`;
  }

  async start(key: string, { userId, expiresAt }: Session): Promise<void> {
    const ttlMs = Math.max(1, expiresAt - Date.now());
    await START.run(this.redis, NOT_DECLARED, [this.sessionPrefix + key, this.userPrefix + userId, key, userId, expiresAt, ttlMs, this.sessionPrefix]);
  }

  async find(key: string): Promise<Session | null> {
    return parseSession(await this.redis.get(this.sessionPrefix + key));
  }

  async end(key: string): Promise<void> {
    await END.run(this.redis, NOT_DECLARED, [this.sessionPrefix + key, this.userPrefix, key]);
  }

  async endAllOf(userId: number, keep = ''): Promise<number> {
    return Number(await END_ALL.run(this.redis, NOT_DECLARED, [this.userPrefix + userId, keep, this.sessionPrefix]));
  }
}
