import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { storeUser } from '../../lib/stored-user';
import { authApi, type OAuthProvider } from './api';
import { rememberedAffCode } from './invite-code';

/** How long the failure text stays before the move to /setting. */
const FAILURE_DELAY_MS = 1500;

/**
 * /oauth/github, /oauth/linuxdo and /oauth/oidc: hands code and state to the API. 'bind' means the signed-in
 * user bound the account (to /setting); otherwise the user is stored and signed in (to /token);
 * a failure shows its message, then the spec's redirect text, and goes to /setting.
 */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  // The state is good once; React's strict mode must not send it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const call = { code: params.get('code') ?? '', state: params.get('state') ?? '', aff: rememberedAffCode() };
    authApi
      .oauthCallback(provider, call)
      .then(({ message, data }) => {
        if (message === 'bind') {
          notify(t('oauth.bound'));
          return navigate('/setting');
        }
        storeUser({ id: data.id, username: data.username, display_name: data.display_name, role: data.role, status: data.status, group: data.group });
        notify(t('auth.loggedIn'));
        navigate('/token');
      })
      .catch(() => {
        setFailed(true);
        setTimeout(() => {
          navigate('/setting');
        }, FAILURE_DELAY_MS);
      });
  }, [navigate, notify, params, provider, t]);
  return (
    <div className={`mx-auto mt-16 max-w-sm text-center ${card}`} data-testid="oauth-callback">
      {failed ? t('oauth.failed') : t('oauth.processing')}
    </div>
  );
}
