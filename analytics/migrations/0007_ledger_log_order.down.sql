DROP VIEW IF EXISTS ledger_log_order_mv;
DROP TABLE IF EXISTS ledger_log_order;
