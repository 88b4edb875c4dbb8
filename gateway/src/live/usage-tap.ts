import type { LedgerEvent } from '@tollgate/wire';
import type { LiveFanout } from '../ports/live-fanout.js';
import type { MeteredCall, UsageMeter } from '../ports/hot-state/usage-meter.js';
import { type ChannelNameOf, LogRowPusher } from './log-pusher.js';

/** What the console learns of appended events: each log row at once, each call in the RPM/TPM meter. */
export function tapAppendedEvents(live: LiveFanout, meter: UsageMeter, channelNameOf: ChannelNameOf, onError: (error: unknown) => void): (batch: LedgerEvent[]) => void {
  const rows = new LogRowPusher(live, channelNameOf);
  return (batch) => {
    rows.push(batch);
    const calls: MeteredCall[] = [];
    for (const event of batch) {
      if (event.type !== 'UsageRecorded') continue;
      const { userId, promptTokens, completionTokens } = event.data;
      calls.push({ userId, tokens: promptTokens + completionTokens, atMs: event.metadata.occurredAt });
    }
    if (calls.length > 0) meter.record(calls).catch(onError);
  };
}
