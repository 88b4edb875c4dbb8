import { describe, expect, it } from 'vitest';
import { RecordingFanout } from '../../test/fakes/recording-fanout.js';
import { eventually } from '../../test/support/clients/console-client.js';
import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import { OPS_CHANNEL_EVENT, pushChannelHealth } from './channel-health-pusher.js';

const channel = { id: 5, name: 'main', status: ChannelStatus.AutoDisabled, testTime: 100, responseTime: 250, otherInfo: JSON.stringify({ status_reason: 'invalid api key', status_time: 120 }), key: 'sk-secret' } as Channel;

describe('pushChannelHealth', () => {
  it("pushes a changed channel's health with the reason it was switched off, and never its key", async () => {
    const notices = createInProcessChangeNotices();
    const local = new RecordingFanout();
    const reads: number[] = [];
    pushChannelHealth(notices, { byId: async (id) => (reads.push(id), channel) }, local, () => undefined);
    notices.publish('channels', 5);
    notices.publish('tokens', 5);
    await eventually(async () => (local.pushes.length === 1 ? true : undefined), 1_000, 'the push');
    expect(local.pushes[0]).toEqual({ to: 'admins', event: OPS_CHANNEL_EVENT, payload: { id: 5, name: 'main', status: 3, testTime: 100, responseTime: 250, reason: 'invalid api key', statusTime: 120, breaker: null, breakerHistory: [], keyBreakers: [] } });
    expect(JSON.stringify(local.pushes)).not.toContain('sk-secret');
    expect(reads).toEqual([5]);
  });

  it('reads nothing while no admin console is open here', async () => {
    const notices = createInProcessChangeNotices();
    const reads: number[] = [];
    pushChannelHealth(notices, { byId: async (id) => (reads.push(id), channel) }, new RecordingFanout(() => false), () => undefined);
    notices.publish('channelHealth', 5);
    await new Promise((r) => setImmediate(r));
    expect(reads).toEqual([]);
  });
});
