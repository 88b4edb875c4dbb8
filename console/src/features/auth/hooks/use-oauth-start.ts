import { useStatus } from '../../status/hooks/use-status';
import { authApi, type OAuthProvider } from '../api';
import { authorizeUrl } from '../oauth-links';

/** Sends the browser to a provider's authorize page with a fresh state (to sign in, or to bind when signed in). */
export function useOAuthStart() {
  const { data: status } = useStatus();
  return async (provider: OAuthProvider) => {
    if (!status) return;
    const state = await authApi.oauthState().catch(() => null);
    if (state) window.location.assign(authorizeUrl(provider, status, state));
  };
}
