DROP VIEW IF EXISTS subscription_use_per_minute_mv;
DROP TABLE IF EXISTS subscription_use_per_minute;
