import type { SelfUsage } from '@tollgate/wire';
import { api } from '../../api/client';

/** The browser's own midnight and first of the month, so "today" is the user's day. */
export interface LocalPeriods {
  today_start: number;
  month_start: number;
}

export const homeApi = {
  /** GET /api/notice: the operator's notice text ('' when none). Quiet: the home page works without it. */
  notice: (signal?: AbortSignal) => api<string>('GET', '/api/notice', undefined, { signal, quiet: true }),
  /** GET /api/home_page_content: Markdown, or a URL to show in a frame ('' for the default home). */
  homePageContent: (signal?: AbortSignal) => api<string>('GET', '/api/home_page_content', undefined, { signal, quiet: true }),
  /** GET /api/about: Markdown or a URL ('' when the operator set none). */
  selfUsage: (periods: LocalPeriods, signal?: AbortSignal) =>
    api<SelfUsage>('GET', `/api/user/self/usage?today_start=${periods.today_start}&month_start=${periods.month_start}`, undefined, { signal }),
  about: (signal?: AbortSignal) => api<string>('GET', '/api/about', undefined, { signal, quiet: true }),
};
