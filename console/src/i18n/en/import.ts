import type { importZh } from '../zh/import';

export const importEn: Record<keyof typeof importZh, string> = {
  'nav.import': 'Import',
  'import.title': 'Import from new-api / one-api',
  'import.intro': 'Brings over users (passwords kept), tokens (keys kept), channels, settings, redemption codes, top-ups, subscription plans and subscriptions, drawing and async tasks, and every log row; balances enter the ledger as opening events. Importing again changes nothing already imported.',
  'import.source': 'Source',
  'import.sourceHint': "A SQLite file's path on this server, or a MySQL/MariaDB or PostgreSQL DSN (mysql://…, postgres://…, or new-api's SQL_DSN form user:pass@tcp(host:port)/db).",
  'import.logsSource': 'Log source (optional: when new-api set LOG_SQL_DSN)',
  'import.logsFrom': 'logs from {source}',
  'import.dryRun': 'Dry run (report only, write nothing)',
  'import.start': 'Start import',
  'import.startDry': 'Start dry run',
  'import.progress': 'Import progress',
  'import.report': 'Import report',
  'import.startedAt': 'Started {time}',
  'import.status.idle': 'Nothing imported yet',
  'import.status.running': 'Importing…',
  'import.status.finished': 'Finished',
  'import.status.failed': 'Import failed',
};
