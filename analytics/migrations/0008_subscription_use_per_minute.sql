-- Per-minute totals of the calls subscriptions paid (issue #41: consume rows whose `other` says
-- billing_source subscription), which statements take out of the wallet's consumption. They were
-- read from the log rows, so a period whose rows were deleted (DELETE /api/log, LogRetentionDays)
-- counted the plan's calls against the wallet and no longer reconciled; this rollup, like
-- usage_per_minute, outlives the log rows. Its keys are a statement's (user, minute, model, name).
--
-- Fed by a materialized view over `logs`, which sees each event once (see 0002), so reads sum()
-- with GROUP BY and never need FINAL.
-- Rollback: 0008_subscription_use_per_minute.down.sql
CREATE TABLE IF NOT EXISTS subscription_use_per_minute
(
    minute DateTime('UTC'),
    user_id UInt64,
    model_name LowCardinality(String),
    username String,
    requests UInt64,
    quota Int64,
    prompt_tokens UInt64,
    completion_tokens UInt64
)
ENGINE = SummingMergeTree((requests, quota, prompt_tokens, completion_tokens))
PARTITION BY toYYYYMM(minute)
PRIMARY KEY (user_id, minute)
ORDER BY (user_id, minute, model_name, username);

CREATE MATERIALIZED VIEW IF NOT EXISTS subscription_use_per_minute_mv TO subscription_use_per_minute AS
SELECT
    toStartOfMinute(created_at) AS minute,
    user_id,
    model_name,
    username,
    count() AS requests,
    sum(quota) AS quota,
    sum(toUInt64(prompt_tokens)) AS prompt_tokens,
    sum(toUInt64(completion_tokens)) AS completion_tokens
FROM logs
WHERE type = 2 AND JSONExtractString(other, 'billing_source') = 'subscription'
GROUP BY minute, user_id, model_name, username;

-- Subscription-paid calls logged before this migration (the log rows an install still keeps),
-- summed from the deduplicated log, except the (user, minute, model) keys the rollup already holds.
-- Those keys are what makes a rerun after a crash (before the version was recorded) add nothing
-- twice; and, unlike a guard on the whole table being empty (0002, 0004), a call another process
-- ingests between the view's creation and this insert (a rolling upgrade) does not make the history
-- skipped: at most the calls logged before it in its own user, minute and model are missed.
INSERT INTO subscription_use_per_minute
SELECT
    toStartOfMinute(created_at) AS minute,
    user_id,
    model_name,
    username,
    count() AS requests,
    sum(quota) AS quota,
    sum(toUInt64(prompt_tokens)) AS prompt_tokens,
    sum(toUInt64(completion_tokens)) AS completion_tokens
FROM logs FINAL
WHERE type = 2 AND JSONExtractString(other, 'billing_source') = 'subscription'
    AND (user_id, toStartOfMinute(created_at), model_name) NOT IN (SELECT user_id, minute, model_name FROM subscription_use_per_minute)
GROUP BY minute, user_id, model_name, username;
