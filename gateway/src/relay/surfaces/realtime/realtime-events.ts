import { newId } from '@tollgate/ledger';
import { z } from 'zod';

/** What the relay requires of a client event before passing it on: a JSON object naming its type. */
export const clientEventSchema = z.looseObject({ type: z.string().min(1).max(200), event_id: z.string().max(200).optional() });

/**
 * The realtime protocol's own `error` server event, as OpenAI sends it: `event_id` of the client
 * event it answers, when there is one.
 */
export function errorEvent(type: string, code: string, message: string, clientEventId: string | null = null): string {
  return JSON.stringify({ type: 'error', event_id: `event_${newId()}`, error: { type, code, message, param: null, event_id: clientEventId } });
}

/** The text of a frame: the protocol's events are JSON text. */
export const frameText = (data: Buffer | ArrayBuffer | Buffer[]): string => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer)).toString('utf8');
