import { api, apiEnvelope } from '../../api/client';

/** GET /api/user/2fa/status; `required`: the operator requires two-factor of this account's role. */
export interface TwoFactorStatus {
  enabled: boolean;
  locked: boolean;
  backup_codes_remaining?: number;
  required?: boolean;
}

/** What setup answers once: the secret, the otpauth URL (new-api's `qr_code_data`) and the recovery codes. */
export interface TwoFactorSetup {
  secret: string;
  qr_code_data: string;
  backup_codes: string[];
}

export const twoFactorApi = {
  status: (signal?: AbortSignal) => api<TwoFactorStatus>('GET', '/api/user/2fa/status', undefined, { signal }),
  setup: () => api<TwoFactorSetup>('POST', '/api/user/2fa/setup'),
  enable: (code: string) => apiEnvelope('POST', '/api/user/2fa/enable', { code }),
  disable: (code: string) => apiEnvelope('POST', '/api/user/2fa/disable', { code }),
  newBackupCodes: (code: string) => api<{ backup_codes: string[] }>('POST', '/api/user/2fa/backup_codes', { code }),
};
