import type { ServerStatus } from '../status/api';
import type { OAuthProvider } from './api';

const DEFAULT_AUTHORIZE: Record<Exclude<OAuthProvider, 'oidc'>, string> = {
  github: 'https://github.com/login/oauth/authorize',
  linuxdo: 'https://connect.linux.do/oauth2/authorize',
};

/**
 * OIDC's authorize request as new-api's console makes it, plus the state as nonce: the server
 * checks the ID token's nonce against the state it issued, so a token minted for another sign-in is refused.
 */
function oidcAuthorizeUrl(status: ServerStatus, state: string): string {
  const params = new URLSearchParams({
    client_id: status.oidc_client_id ?? '',
    redirect_uri: `${window.location.origin}/oauth/oidc`,
    response_type: 'code',
    scope: 'openid profile email',
    state,
    nonce: state,
  });
  const endpoint = status.oidc_authorization_endpoint ?? '';
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** The provider's authorize page for this site's client id, carrying the one-time state. */
export function authorizeUrl(provider: OAuthProvider, status: ServerStatus, state: string): string {
  if (provider === 'oidc') return oidcAuthorizeUrl(status, state);
  if (provider === 'github') {
    const params = new URLSearchParams({ client_id: status.github_client_id ?? '', state, scope: 'user:email' });
    return `${status.github_authorize_url || DEFAULT_AUTHORIZE.github}?${params.toString()}`;
  }
  const params = new URLSearchParams({ response_type: 'code', client_id: status.linuxdo_client_id ?? '', state });
  return `${status.linuxdo_authorize_url || DEFAULT_AUTHORIZE.linuxdo}?${params.toString()}`;
}
