/** The import from new-api/one-api (root only). */
export const importZh = {
  'nav.import': '数据导入',
  'import.title': '从 new-api / one-api 导入',
  'import.intro': '导入用户（保留密码）、令牌（保留密钥）、渠道、设置、兑换码、充值记录、绘图与异步任务以及全部日志；余额以期初事件记入账本。重复导入不会改变已导入的数据。',
  'import.source': '数据源',
  'import.sourceHint': 'SQLite 文件在本服务器上的路径，或 MySQL/MariaDB、PostgreSQL 的 DSN（mysql://…、postgres://…，或 new-api 的 SQL_DSN 格式 user:pass@tcp(host:port)/db）。',
  'import.dryRun': '试运行（只报告，不写入）',
  'import.start': '开始导入',
  'import.startDry': '开始试运行',
  'import.progress': '导入进度',
  'import.report': '导入报告',
  'import.startedAt': '开始于 {time}',
  'import.status.idle': '尚未导入',
  'import.status.running': '正在导入…',
  'import.status.finished': '已完成',
  'import.status.failed': '导入失败',
} as const;
