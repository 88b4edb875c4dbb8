import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt } from '../shared/numbers.js';

/** Set by the producer, never by a store: replays must carry the same id and time. */
export const eventMetadataSchema = z.object({
  eventId: nonEmptyText(),
  /** Milliseconds since the epoch. */
  occurredAt: nonNegativeInt(),
  version: z.literal(1),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;
