-- Per-minute usage totals of consume rows, which the dashboard (/api/data) and the finance export
-- read instead of raw log rows. Fed by a materialized view, so every insert into `logs` adds its
-- consume rows' totals here in the same statement.
--
-- Why duplicates cannot double it: `logs` hides a re-delivered event with FINAL, but a view fires
-- on every insert and a summing rollup has no event id left to deduplicate by. Counting distinct
-- ids instead (uniqExact / argMax states keyed by id) would keep one entry per event, which is the
-- raw table again and would not meet the read budget. So the ingestion removes the duplicate before
-- it reaches `logs` (ingest/drop-already-ingested.ts: an event whose id is already stored is not
-- inserted again), and this view only ever sees each event once.
--
-- Reads must sum() with GROUP BY: parts are summed by background merges, at no set time.
-- username and token_name are in the sorting key so a rename never merges two names into one row.
-- Rollback: 0002_usage_per_minute.down.sql
CREATE TABLE IF NOT EXISTS usage_per_minute
(
    minute DateTime('UTC'),
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
PARTITION BY toYYYYMM(minute)
PRIMARY KEY (user_id, minute)
ORDER BY (user_id, minute, model_name, token_id, channel_id, username, token_name);

-- Consume rows only (type 2): the dashboard and the stats count requests, not top-ups.
CREATE MATERIALIZED VIEW IF NOT EXISTS usage_per_minute_mv TO usage_per_minute AS
SELECT
    toStartOfMinute(created_at) AS minute,
    user_id,
    model_name,
    token_id,
    channel_id,
    username,
    token_name,
    count() AS requests,
    sum(quota) AS quota,
    sum(toUInt64(prompt_tokens)) AS prompt_tokens,
    sum(toUInt64(completion_tokens)) AS completion_tokens
FROM logs
WHERE type = 2
GROUP BY minute, user_id, model_name, token_id, channel_id, username, token_name;

-- Rows logged before this migration: summed once from the deduplicated log. The guard makes a
-- rerun after a crash (before the version was recorded) add nothing twice.
INSERT INTO usage_per_minute
SELECT
    toStartOfMinute(created_at) AS minute,
    user_id,
    model_name,
    token_id,
    channel_id,
    username,
    token_name,
    count() AS requests,
    sum(quota) AS quota,
    sum(toUInt64(prompt_tokens)) AS prompt_tokens,
    sum(toUInt64(completion_tokens)) AS completion_tokens
FROM logs FINAL
WHERE type = 2 AND (SELECT count() FROM usage_per_minute) = 0
GROUP BY minute, user_id, model_name, token_id, channel_id, username, token_name;
