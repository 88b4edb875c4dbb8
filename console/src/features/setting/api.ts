import { api } from '../../api/client';

export const accountApi = {
  updateSelf: (fields: { display_name?: string; password?: string; original_password?: string }) => api('PUT', '/api/user/self', fields),
  deleteSelf: () => api('DELETE', '/api/user/self'),
  /** A new management access token (the old one stops working). */
  newAccessToken: () => api<string>('GET', '/api/user/token'),
  /** The user's invite code, made on first ask. */
  affCode: (signal?: AbortSignal) => api<string>('GET', '/api/user/aff', undefined, { signal }),
  /** Moves `quota` of the invite rewards into the balance. */
  affTransfer: (quota: number) => api('POST', '/api/user/aff_transfer', { quota }),
};
