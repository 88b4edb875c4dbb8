import type { oidcZh } from '../zh/oidc';

export const oidcEn: Record<keyof typeof oidcZh, string> = {
  'oauth.oidc': 'Continue with OIDC',
  'option.oidc': 'OIDC',
};
