import { api } from '../../api/client';

export const homeApi = {
  /** GET /api/notice: the operator's notice text ('' when none). Quiet: the home page works without it. */
  notice: (signal?: AbortSignal) => api<string>('GET', '/api/notice', undefined, { signal, quiet: true }),
  /** GET /api/home_page_content: Markdown, or a URL to show in a frame ('' for the default home). */
  homePageContent: (signal?: AbortSignal) => api<string>('GET', '/api/home_page_content', undefined, { signal, quiet: true }),
  /** GET /api/about: Markdown or a URL ('' when the operator set none). */
  about: (signal?: AbortSignal) => api<string>('GET', '/api/about', undefined, { signal, quiet: true }),
};
