DROP TABLE IF EXISTS logs_deleted_before;
