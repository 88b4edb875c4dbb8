DROP TABLE IF EXISTS ledger_movements_backfill;
DROP TABLE IF EXISTS ledger_movements;
