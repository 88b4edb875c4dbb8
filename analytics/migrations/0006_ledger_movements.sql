-- Every ledger event, kept here for good (Kafka's retention may delete the topic's records):
-- statements and the ledger's proof read this table, never the topic from its start. The
-- ingestion writes each event's row beside its log row; a redelivered event writes the same key
-- again, and ReplacingMergeTree keeps one copy per (user, event id): the first the log holds
-- (highest `first_copy`). Queries read it FINAL (or group by event id) so they are exact before
-- the merges too.
-- Rollback: 0006_ledger_movements.down.sql
CREATE TABLE IF NOT EXISTS ledger_movements
(
    user_id UInt64,
    event_id String,
    type LowCardinality(String),
    -- Milliseconds since the epoch (the event's occurredAt).
    occurred_at Int64,
    log_partition UInt32,
    log_offset UInt64,
    -- 2^63 minus the offset: the version ReplacingMergeTree keeps the highest of, i.e. the first copy.
    first_copy UInt64,
    -- What the event adds to the user's quota, by the ledger's own rule (quotaDeltaOf).
    quota Int64,
    username String,
    -- The event's JSON: statements list the non-calls one by one, the audit folds every event.
    payload String
)
ENGINE = ReplacingMergeTree(first_copy)
PARTITION BY toYYYYMM(toDateTime(intDiv(occurred_at, 1000), 'UTC'))
ORDER BY (user_id, event_id);

-- One row once the log an install had before this table was copied into it (backfill-movements.ts).
CREATE TABLE IF NOT EXISTS ledger_movements_backfill
(
    done_at DateTime('UTC') DEFAULT now(),
    events UInt64
)
ENGINE = MergeTree
ORDER BY tuple();
