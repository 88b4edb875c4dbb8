-- Per-hour usage totals: the per-minute rollup summed again by hour, which the dashboard
-- (/api/data) reads for every whole hour of its range; its buckets (hour, day, week) are all whole
-- hours, so only the minutes at a range's edges still come from usage_per_minute. Measured on
-- chdb over 10M log rows spread over 30 days (10M minute rows, 721k hour rows), a week by hour for
-- every user took 7.7 ms at p50 from this table against 43.9 ms from the minute rollup.
--
-- Fed by a materialized view over usage_per_minute, which fires on each insert the minute view
-- makes into it: every event is summed once there (see 0002), so once here.
-- Reads must sum() with GROUP BY, as on the minute rollup.
-- Rollback: 0004_usage_per_hour.down.sql
CREATE TABLE IF NOT EXISTS usage_per_hour
(
    hour DateTime('UTC'),
    user_id UInt64,
    model_name LowCardinality(String),
    token_id UInt64,
    channel_id UInt64,
    username String,
    token_name String,
    requests UInt64,
    quota Int64,
    prompt_tokens UInt64,
    completion_tokens UInt64
)
ENGINE = SummingMergeTree((requests, quota, prompt_tokens, completion_tokens))
PARTITION BY toYYYYMM(hour)
PRIMARY KEY (user_id, hour)
ORDER BY (user_id, hour, model_name, token_id, channel_id, username, token_name);

CREATE MATERIALIZED VIEW IF NOT EXISTS usage_per_hour_mv TO usage_per_hour AS
SELECT
    toStartOfHour(minute) AS hour,
    user_id,
    model_name,
    token_id,
    channel_id,
    username,
    token_name,
    sum(requests) AS requests,
    sum(quota) AS quota,
    sum(prompt_tokens) AS prompt_tokens,
    sum(completion_tokens) AS completion_tokens
FROM usage_per_minute
GROUP BY hour, user_id, model_name, token_id, channel_id, username, token_name;

-- Minutes rolled up before this migration: summed once; the guard makes a rerun add nothing twice.
INSERT INTO usage_per_hour
SELECT
    toStartOfHour(minute) AS hour,
    user_id,
    model_name,
    token_id,
    channel_id,
    username,
    token_name,
    sum(requests) AS requests,
    sum(quota) AS quota,
    sum(prompt_tokens) AS prompt_tokens,
    sum(completion_tokens) AS completion_tokens
FROM usage_per_minute
WHERE (SELECT count() FROM usage_per_hour) = 0
GROUP BY hour, user_id, model_name, token_id, channel_id, username, token_name;
