import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runChangeNoticesContract } from '../../../ports/hot-state/change-notices.contract.js';
import { changeKinds } from '../../../ports/hot-state/change-notices.js';
import { until } from '../../../ports/hot-state/room-presence.contract.js';
import { RedisChangeNotices } from './change-notices.js';
import { twoGatewaysOn } from '../../../../test/support/engines/pub-sub-gateways.js';

runChangeNoticesContract('redis', () => twoGatewaysOn(() => new Redis(requiredRedisUrl()), 'notices', (p, s, channel, log) => new RedisChangeNotices(p, s, channel, log)));

describe('a subscriber whose connection was lost', () => {
  it('tells its listeners that every kind changed once it is back (what was published meanwhile is lost)', async () => {
    const [publisher, subscriber, admin] = Array.from({ length: 3 }, () => new Redis(requiredRedisUrl()));
    onTestFinished(() => void [publisher, subscriber, admin].forEach((connection) => connection!.disconnect()));
    const subscriberId = Number(await subscriber!.client('ID'));
    const failures: unknown[] = [];
    const channel = `tg-notices-test-${process.pid}-${Date.now()}-lost`;
    const notices = new RedisChangeNotices(publisher!, subscriber!, channel, (error) => failures.push(error));
    const heard: [string, number | undefined][] = [];
    notices.subscribe((kind, id) => heard.push([kind, id]));
    const subscribed = async () => ((await admin!.pubsub('SHARDNUMSUB', channel)) as [string, number])[1] === 1;
    await vi.waitFor(async () => expect(await subscribed()).toBe(true));
    notices.publish('channels', 7);
    await until(() => heard.length === 1);
    expect(heard).toEqual([['channels', 7]]);

    await admin!.client('KILL', 'ID', String(subscriberId));
    const back = 1 + changeKinds.length;
    await until(() => heard.length === back, 5_000);
    expect(heard.slice(1).map(([kind, id]) => `${kind}:${id}`).sort()).toEqual([...changeKinds].sort().map((kind) => `${kind}:undefined`));
    // Subscribed again: a notice published after the reconnection arrives as before.
    await vi.waitFor(async () => expect(await subscribed()).toBe(true));
    notices.publish('users', 3);
    await until(() => heard.length === back + 1);
    expect(heard[back]).toEqual(['users', 3]);
    expect(failures).toEqual([]);
  });
});
