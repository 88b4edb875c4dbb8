DROP TABLE IF EXISTS statement_lines;
