/**
 * The per-minute rollup of consume rows (migrations/0002_usage_per_minute.sql), fed from `logs` by a
 * materialized view. Rows of one key may sit unmerged in several parts: read it with sum() and GROUP BY.
 */
export const usagePerMinuteTable = 'usage_per_minute';

/** The same totals by hour (migrations/0004_usage_per_hour.sql), fed from the minute rollup. */
export const usagePerHourTable = 'usage_per_hour';

/**
 * The calls subscriptions paid, per minute, user, model and name (migrations/0008_subscription_use_per_minute.sql),
 * fed from `logs` by a materialized view; it outlives deleted log rows, as the usage rollups do. Read it with sum() and GROUP BY.
 */
export const subscriptionUsePerMinuteTable = 'subscription_use_per_minute';

/** The rollup's bucket widths a dashboard may ask for; `minute` is the stored one. */
export const granularities = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof granularities)[number];

/** The start of each bucket, as epoch seconds; weeks start on Monday, every bucket is UTC. */
export const bucketStart: Record<Granularity, string> = {
  hour: 'toUnixTimestamp(toStartOfHour(minute))',
  day: 'toUnixTimestamp(toStartOfDay(minute))',
  week: "toUnixTimestamp(toDateTime(toMonday(minute), 'UTC'))",
};
