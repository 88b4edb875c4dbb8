/**
 * What each subscription window counted, as the durable log holds it (issue #41): the embedded
 * log records it in the transaction that appends a call's usage, so a restarted gateway's windows
 * start from what its calls took before, never from nothing. Read synchronously: the in-process
 * hold store reads a window once, on its first sight of it, inside the step that checks and takes
 * its room (an await there would let another call in between). A cluster keeps its windows in Redis;
 * a Tollgate on Kafka without Redis keeps this record in its usage spool (gateway's spool-window-usage.ts).
 */
export interface WindowUsageRecord {
  /** The sum of the calls recorded in the window `windowKey` (0 when none). */
  counted(windowKey: string): number;
  close(): void;
}
