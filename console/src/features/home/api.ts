import { api } from '../../api/client';

export const homeApi = {
  /** GET /api/notice: the operator's notice text ('' when none). Quiet: the home page works without it. */
  notice: (signal?: AbortSignal) => api<string>('GET', '/api/notice', undefined, { signal, quiet: true }),
};
