import type { statementZh } from '../zh/statement';

export const statementEn: Record<keyof typeof statementZh, string> = {
  // Statements and top-up history (#27)
  'nav.statement': 'Statements',
  'statement.title': 'Statement',
  'statement.hint': 'Opening balance, every movement of the period (online top-ups, codes, admin changes, invite rewards and transfers, refunds, consumption per day and model) and closing balance, checked: opening + credits − debits = closing. Times are whole minutes, UTC.',
  'statement.start': 'Start date (UTC)',
  'statement.end': 'End date (UTC, inclusive)',
  'statement.format': 'Format',
  'statement.userId': 'User ID (empty for every user)',
  'statement.download': 'Download statement',
  'statement.downloading': 'Preparing…',
  'statement.badRange': 'Choose a start and an end date; the end cannot be before the start',
  'topupHistory.title': 'Top-up history',
  'topupHistory.hint': 'Online top-up orders and their status; top-ups by code are in the statement (kind redemption).',
  'topupHistory.keyword': 'Trade number',
  'topupHistory.tradeNo': 'Trade number',
  'topupHistory.userId': 'User ID',
  'topupHistory.amount': 'Amount',
  'topupHistory.money': 'Paid',
  'topupHistory.method': 'Method',
  'topupHistory.created': 'Created',
  'topupHistory.completed': 'Completed',
  'topupHistory.status': 'Status',
  'topupHistory.status.success': 'Paid',
  'topupHistory.status.pending': 'Pending',
};
