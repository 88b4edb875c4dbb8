-- Every log row of the spec's log page, one per logged event.
-- ReplacingMergeTree on the event id: a re-delivered event (at-least-once ingestion) becomes
-- an identical row that merges away; queries read with FINAL so it never shows twice before that.
-- Every sorting-key column derives from the event itself, so a duplicate always lands in the same
-- partition and the same key.
-- Rollback: 0001_logs.down.sql
CREATE TABLE IF NOT EXISTS logs
(
    id String,
    created_at DateTime('UTC'),
    type UInt8,
    user_id UInt64,
    username String,
    token_id UInt64,
    token_name String,
    channel_id UInt64,
    model_name LowCardinality(String),
    quota Int64,
    prompt_tokens UInt32,
    completion_tokens UInt32,
    use_time UInt32,
    is_stream Bool,
    content String,
    other String,
    `group` LowCardinality(String)
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(created_at)
ORDER BY (user_id, created_at, id);
