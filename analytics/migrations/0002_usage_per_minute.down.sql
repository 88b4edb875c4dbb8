DROP VIEW IF EXISTS usage_per_minute_mv;
DROP TABLE IF EXISTS usage_per_minute;
