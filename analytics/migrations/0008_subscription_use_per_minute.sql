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

-- Subscription-paid calls logged before this migration (the log rows an install still keeps):
-- summed once from the deduplicated log. The guard makes a rerun after a crash (before the version
-- was recorded) add nothing twice.
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
    AND (SELECT count() FROM subscription_use_per_minute) = 0
GROUP BY minute, user_id, model_name, username;
