import type { ServerStatus } from '@tollgate/wire';
import { api } from '../../api/client';

/** GET /api/status's object, as wire describes what the gateway sends. */
export type { ServerStatus };

export const statusApi = {
  /** Quiet: the layout shows its own "cannot reach the server" banner instead of a toast. */
  status: (signal?: AbortSignal) => api<ServerStatus>('GET', '/api/status', undefined, { signal, quiet: true }),
};
