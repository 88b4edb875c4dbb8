import { api, apiEnvelope, query } from '../../api/client';

/** The password reset calls: the mail with the one-time link, and the link's confirmation. */
export const resetApi = {
  sendResetMail: (email: string) => api('GET', `/api/reset_password?${query({ email })}`),
  /** The new random password comes back in `data`. */
  confirm: (email: string, token: string) => apiEnvelope<string>('POST', '/api/user/reset', { email, token }),
};
