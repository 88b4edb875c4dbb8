DROP TABLE IF EXISTS ledger_movements;
