-- A statement's lines on their way to Parquet (gateway/src/statement): the gateway writes the lines
-- it assembled from the ledger and the rollups under one statement id, reads them back as
-- Parquet (ClickHouse writes the file itself, chunk by chunk), then deletes them. The TTL clears
-- what a download that died midway left behind.
-- Rollback: 0005_statement_lines.down.sql
CREATE TABLE IF NOT EXISTS statement_lines
(
    statement_id String,
    seq UInt64,
    user_id UInt64,
    username String,
    line LowCardinality(String),
    time String,
    event_id String,
    actor_id Nullable(UInt64),
    model_name String,
    requests UInt64,
    quota Int64,
    usd Float64,
    money Float64,
    currency LowCardinality(String),
    content String,
    credits Int64,
    debits Int64,
    difference Int64,
    written_at DateTime('UTC') DEFAULT now()
)
ENGINE = MergeTree
ORDER BY (statement_id, seq)
TTL written_at + INTERVAL 1 DAY;
