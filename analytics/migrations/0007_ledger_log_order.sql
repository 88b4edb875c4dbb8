-- The audit reads every event once, each user's in log order (a token's limit and its debits are
-- applied in that order). ledger_movements is sorted by (user, event id), which deduplicates but
-- is not log order: paging it in log order sorted the rest of a user's rows on every page, so a
-- user with millions of events cost a read of all of them per page (quadratic). This table is
-- sorted in log order, so a keyset page (the key after the last one read, LIMIT n) is a range of
-- the index read once; the page's payloads are then fetched from ledger_movements by its key.
-- It holds every copy (a producer's retry at another offset too); readers keep a row only where
-- ledger_movements FINAL holds that copy. ReplacingMergeTree drops a redelivery of the same offset.
-- Rollback: 0007_ledger_log_order.down.sql
CREATE TABLE IF NOT EXISTS ledger_log_order
(
    user_id UInt64,
    log_partition UInt32,
    log_offset UInt64,
    event_id String,
    -- Statements page the movements but sum the calls apart: they skip the calls' keys by it.
    type LowCardinality(String)
)
ENGINE = ReplacingMergeTree
ORDER BY (user_id, log_partition, log_offset);

CREATE MATERIALIZED VIEW IF NOT EXISTS ledger_log_order_mv TO ledger_log_order AS
SELECT user_id, log_partition, log_offset, event_id, type FROM ledger_movements;

-- Rows kept before this table existed. A row the view also wrote meanwhile is the same key, kept once.
INSERT INTO ledger_log_order SELECT user_id, log_partition, log_offset, event_id, type FROM ledger_movements;
