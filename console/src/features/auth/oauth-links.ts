import type { ServerStatus } from '../status/api';
import type { OAuthProvider } from './api';

const DEFAULT_AUTHORIZE: Record<OAuthProvider, string> = {
  github: 'https://github.com/login/oauth/authorize',
  linuxdo: 'https://connect.linux.do/oauth2/authorize',
};

/** The provider's authorize page for this site's client id, carrying the one-time state. */
export function authorizeUrl(provider: OAuthProvider, status: ServerStatus, state: string): string {
  if (provider === 'github') {
    const params = new URLSearchParams({ client_id: status.github_client_id ?? '', state, scope: 'user:email' });
    return `${status.github_authorize_url || DEFAULT_AUTHORIZE.github}?${params.toString()}`;
  }
  const params = new URLSearchParams({ response_type: 'code', client_id: status.linuxdo_client_id ?? '', state });
  return `${status.linuxdo_authorize_url || DEFAULT_AUTHORIZE.linuxdo}?${params.toString()}`;
}
