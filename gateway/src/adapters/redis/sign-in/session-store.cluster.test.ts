import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runSessionStoreContract } from '../../../ports/hot-state/session-store.contract.js';
import { RedisSessionStore } from './session-store.js';

const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-sessions-${process.pid}:`;

// Two gateways, each on its own connection.
runSessionStoreContract('redis', () => connections.map((c) => new RedisSessionStore(c, prefix)));

describe('RedisSessionStore after an upgrade', () => {
  it('ends the sessions an older version listed in a plain set, with the new ones', async () => {
    const [redis] = connections;
    const store = new RedisSessionStore(redis!, prefix);
    const userId = 900_000_000 + Math.floor(Math.random() * 1e6);
    const expiresAt = Date.now() + 60_000;
    // As the older version wrote it: the session's key, and its member in `user-sessions:<id>`.
    await redis!.set(`${prefix}session:old`, `${userId}:${expiresAt}`, 'PX', 60_000);
    await redis!.sadd(`${prefix}user-sessions:${userId}`, 'old');
    await store.start('new', { userId, expiresAt });
    expect(await store.endAllOf(userId)).toBe(2);
    expect(await store.find('old')).toBeNull();
    expect(await store.find('new')).toBeNull();
    expect(await redis!.exists(`${prefix}user-sessions:${userId}`)).toBe(0);
  });
});
