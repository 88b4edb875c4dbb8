import type { TopUpRow } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { saveDownload } from '../../lib/save-download';
import type { Page } from '../../api/page';

export const STATEMENT_FORMATS = ['csv', 'xlsx', 'jsonl', 'parquet'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A statement to download: the period in epoch seconds (whole minutes), and for an administrator a user (none: everyone). */
export interface StatementRequest {
  start: number;
  end: number;
  format: StatementFormat;
  /** Administrators only; undefined asks for every user. */
  userId?: number;
}

/** What the history is narrowed to: a part of a trade number or code name, and (administrators) one user. */
export interface TopUpQuery {
  page: number;
  keyword: string;
  userId?: number;
}

export const TOPUP_PAGE_SIZE = 10;

export const statementApi = {
  /** Fetches the statement (administrators: /api/statement, users: their own) and saves it under the server's file name. */
  download: async (request: StatementRequest, admin: boolean) => {
    const params = query({ format: request.format, start_timestamp: request.start, end_timestamp: request.end, user_id: admin ? request.userId : undefined });
    await saveDownload(`/api/statement${admin ? '' : '/self'}?${params}`);
  },
  /** The top-up history (online orders and redeemed codes): the user's own, or everyone's (or one user's) for an administrator. */
  topUps: (admin: boolean, { page, keyword, userId }: TopUpQuery) =>
    api<Page<TopUpRow>>('GET', `/api/user/topup${admin ? '' : '/self'}?${query({ p: page, page_size: TOPUP_PAGE_SIZE, keyword, user_id: admin ? userId : undefined })}`),
};
