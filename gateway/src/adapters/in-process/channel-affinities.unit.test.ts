import { describe, expect, it } from 'vitest';
import { runChannelAffinitiesContract } from '../../ports/hot-state/channel-affinities.contract.js';
import { InProcessChannelAffinities } from './channel-affinities.js';

// One process is one gateway: its "other gateways" share the same instance.
const shared = new InProcessChannelAffinities();
runChannelAffinitiesContract('in-process', () => [shared, shared]);

describe('in-process affinities', () => {
  it('channel_affinity_setting.max_entries: holds at most that many, dropping the least recently used', async () => {
    const store = new InProcessChannelAffinities();
    await store.set('a', 1, 60, 2);
    await store.set('b', 2, 60, 2);
    expect(await store.get('a', 'r')).toBe(1); // a is now the most recently used
    await store.set('c', 3, 60, 2);
    expect(store.size).toBe(2);
    expect([await store.get('a', 'r'), await store.get('b', 'r'), await store.get('c', 'r')]).toEqual([1, null, 3]);
  });
});
