import { api, apiEnvelope, query } from '../../api/client';
import type { StoredUser } from '../../lib/stored-user';

/** The login answer: the user, and `default_password: true` while root still has the default password. */
export type LoginData = StoredUser & { default_password?: boolean };

/** POST /api/user/register: the body of the spec (email fields only when email verification is on). */
export interface RegisterBody {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
  aff_code: string;
}

export const authApi = {
  login: (username: string, password: string) => apiEnvelope<LoginData>('POST', '/api/user/login', { username, password }),
  register: (body: RegisterBody) => api('POST', '/api/user/register', body),
  sendEmailCode: (email: string) => api('GET', `/api/verification?${query({ email })}`),
};
