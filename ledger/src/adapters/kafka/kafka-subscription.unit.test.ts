import type { KafkaMessage } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { $ZodError } from 'zod/v4/core';
import { usageRecorded } from '../../testing/event-builders.js';
import { toStoredEvent } from './kafka-subscription.js';

function record(value: string | null, offset = '41'): KafkaMessage {
  return { key: Buffer.from('1'), value: value === null ? null : Buffer.from(value), timestamp: '0', attributes: 0, offset, headers: {} };
}

// Consumers (the ledger worker, analytics ingestion) rely on this: what a subscription hands them
// has passed the ledger event schema, and anything else fails the batch instead of reaching them.
describe('toStoredEvent (the Kafka adapter boundary)', () => {
  it('hands over a record that passes the schema, at its partition and offset, with its text', () => {
    const event = usageRecorded();
    expect(toStoredEvent(2, record(JSON.stringify(event)))).toEqual({ partition: 2, offset: 41, event, json: JSON.stringify(event) });
  });

  it('refuses a record that fails the schema', () => {
    const event = usageRecorded();
    const malformed = { ...event, data: { ...event.data, quota: -1 } };
    expect(() => toStoredEvent(0, record(JSON.stringify(malformed)))).toThrow($ZodError);
  });

  it('refuses a record that is not JSON, or has no value', () => {
    expect(() => toStoredEvent(0, record('{not json'))).toThrow('event log record 0/41 is not JSON');
    expect(() => toStoredEvent(0, record(null))).toThrow('event log record 0/41 has no value');
  });
});
