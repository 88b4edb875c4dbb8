import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { eventually } from '../../../../test/support/clients/console-client.js';
import { runGatewayReportsContract } from '../../../ports/hot-state/gateway-reports.contract.js';
import { RedisGatewayReports } from './gateway-reports.js';
import { twoGatewaysOn } from '../../../../test/support/engines/pub-sub-gateways.js';

const adapter = (p: Redis, s: Redis, channel: string, log: (error: unknown) => void) => new RedisGatewayReports(p, s, channel, log);

runGatewayReportsContract('redis', () => twoGatewaysOn(() => new Redis(requiredRedisUrl()), 'reports', adapter));

describe('RedisGatewayReports', () => {
  it('subscribes only while it collects: a gateway that does not collect is sent no report', async () => {
    const [a, , close] = await twoGatewaysOn(() => new Redis(requiredRedisUrl()), 'reports', (p, s, channel, log) => ({ reports: adapter(p, s, channel, log), channel }));
    onTestFinished(close);
    const probe = new Redis(requiredRedisUrl());
    onTestFinished(() => void probe.disconnect());
    const subscribers = async () => ((await probe.call('PUBSUB', 'SHARDNUMSUB', a.channel)) as [string, number])[1];
    expect(await subscribers()).toBe(0);
    const stop = a.reports.collect(() => {});
    const stopToo = a.reports.collect(() => {});
    await eventually(async () => ((await subscribers()) === 1 ? true : undefined), 5_000, 'the collector subscribed');
    stop();
    expect(await subscribers(), 'another listener still collects').toBe(1);
    stopToo();
    await eventually(async () => ((await subscribers()) === 0 ? true : undefined), 5_000, 'unsubscribed');
  });
});
