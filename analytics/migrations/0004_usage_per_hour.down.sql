DROP VIEW IF EXISTS usage_per_hour_mv;
DROP TABLE IF EXISTS usage_per_hour;
