-- Each time log rows are deleted (DELETE /api/log, or the LogRetentionDays chore), the time before
-- which they went. The log stats sum the per-minute rollup, which keeps its history for the
-- dashboard (as new-api's quota data outlives its logs); the stats start at the newest cutoff, so
-- they still sum only the rows the log list can show.
-- Rollback: 0003_logs_deleted_before.down.sql
CREATE TABLE IF NOT EXISTS logs_deleted_before
(
    before DateTime('UTC'),
    recorded_at DateTime('UTC') DEFAULT now()
)
ENGINE = MergeTree
ORDER BY before;
