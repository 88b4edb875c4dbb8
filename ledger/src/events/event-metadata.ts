import type { EventMetadata } from '@tollgate/wire';
import { newId } from './event-id.js';

/** The producer's metadata for a new event: its id and time are made once, here, and replays keep them. */
export function newEventMetadata(now: number = Date.now()): EventMetadata {
  return { eventId: newId(), occurredAt: now, version: 1 };
}
