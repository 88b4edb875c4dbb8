import { type TrafficMinute, trafficMinuteSchema } from '@tollgate/wire';
import { z } from 'zod';
import { clickhouseRow } from '../clickhouse-row.js';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import { usagePerMinuteTable } from './usage-per-minute.js';

export const trafficPerMinuteInputSchema = z.object({
  /** The first and last minute's start, epoch seconds, inclusive. */
  fromMinute: z.number().int().nonnegative(),
  toMinute: z.number().int().nonnegative(),
});
export type TrafficPerMinuteInput = z.input<typeof trafficPerMinuteInputSchema>;

/** Every user's calls, tokens and quota of one minute (the operations view's history), read from ClickHouse. */
const trafficMinuteRow = clickhouseRow(trafficMinuteSchema);

/** The minute rollup summed over users, models, tokens and channels; minutes without calls are absent. */
export function trafficPerMinute(querier: AnalyticsQuerier) {
  return async (input: TrafficPerMinuteInput): Promise<TrafficMinute[]> => {
    const { fromMinute, toMinute } = trafficPerMinuteInputSchema.parse(input);
    return querier.query({
      sql: `SELECT toUnixTimestamp(minute) AS minute, sum(requests) AS calls, sum(prompt_tokens + completion_tokens) AS tokens, sum(quota) AS quota
            FROM ${usagePerMinuteTable}
            WHERE minute >= toDateTime({fromMinute:UInt32}) AND minute <= toDateTime({toMinute:UInt32})
            GROUP BY minute
            ORDER BY minute`,
      params: { fromMinute, toMinute },
      schema: trafficMinuteRow,
    });
  };
}
