import { ledgerEventSchema } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { usageRecorded } from '../testing/ledger-event-fixtures.js';
import { movementRowOf } from './movement-rows.js';

describe('movementRowOf', () => {
  it("given the log's own text of the event, when the row is built, then the payload is that text, which reads back as the event", () => {
    const event = usageRecorded();
    const json = JSON.stringify(event);
    const row = movementRowOf({ partition: 1, offset: 7, event, json });
    expect(row.payload).toBe(json);
    expect(ledgerEventSchema.parse(JSON.parse(row.payload))).toEqual(event);
  });

  it('given no text (a log that stores rows, not text), when the row is built, then the payload is the event written out', () => {
    const event = usageRecorded();
    expect(JSON.parse(movementRowOf({ partition: 0, offset: 3, event }).payload)).toEqual(event);
  });
});
