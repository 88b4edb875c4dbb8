import { z } from 'zod';
import { newId } from './event-id.js';

/** Set by the producer, never by a store: replays must carry the same id and time. */
export const eventMetadataSchema = z.object({
  eventId: z.string().min(1),
  /** Milliseconds since the epoch. */
  occurredAt: z.number().int().nonnegative(),
  version: z.literal(1),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export function newEventMetadata(now: number = Date.now()): EventMetadata {
  return { eventId: newId(), occurredAt: now, version: 1 };
}
