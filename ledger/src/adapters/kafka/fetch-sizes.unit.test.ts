import { describe, expect, it } from 'vitest';
import { EVENT_BYTES, fetchSizes } from './fetch-sizes.js';

describe('fetchSizes (a Kafka consumer fetch sized to the batch)', () => {
  it('given no linger, when sized, then a fetch returns at once and waits at most maxWaitTimeMs', () => {
    expect(fetchSizes({ maxWaitTimeMs: 500, lingerMs: 0, batchEvents: 20_000 })).toEqual({ maxWaitTimeInMs: 500 });
  });

  it('given a linger without a batch size, when sized, then a fetch waits for 1 MiB or the linger', () => {
    expect(fetchSizes({ maxWaitTimeMs: 500, lingerMs: 50 })).toEqual({ minBytes: 1024 * 1024, maxWaitTimeInMs: 50 });
  });

  it('given a batch of 20,000 events and a 1 s linger, when sized, then a fetch returns at a batch of bytes or 1 s, with room for the batch per partition', () => {
    const sizes = fetchSizes({ maxWaitTimeMs: 500, lingerMs: 1_000, batchEvents: 20_000 });
    expect(sizes).toEqual({ minBytes: 20_000 * EVENT_BYTES, maxWaitTimeInMs: 1_000, maxBytesPerPartition: 20_000 * EVENT_BYTES, maxBytes: 20_000 * EVENT_BYTES });
  });

  it('given a small batch, when sized, then the per-partition and per-fetch room stay at least kafkajs defaults', () => {
    const sizes = fetchSizes({ maxWaitTimeMs: 500, lingerMs: 100, batchEvents: 100 });
    expect(sizes).toMatchObject({ minBytes: 100 * EVENT_BYTES, maxBytesPerPartition: 1024 * 1024, maxBytes: 10 * 1024 * 1024 });
  });

  it("given two batches in flight, when sized, then a partition's fetch has room for two batches but still returns at one", () => {
    const sizes = fetchSizes({ maxWaitTimeMs: 500, lingerMs: 1_000, batchEvents: 20_000, batchesInFlight: 2 });
    expect(sizes).toEqual({ minBytes: 20_000 * EVENT_BYTES, maxWaitTimeInMs: 1_000, maxBytesPerPartition: 40_000 * EVENT_BYTES, maxBytes: 40_000 * EVENT_BYTES });
  });
});
