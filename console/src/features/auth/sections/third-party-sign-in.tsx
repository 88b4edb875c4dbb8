import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { lazyExport } from '../../../lib/lazy';
import { storeUser } from '../../../lib/stored-user';
import { useStatus } from '../../status/hooks/use-status';
import type { LoginData } from '../api';
import { authApi } from '../api';
import { useOAuthStart } from '../hooks/use-oauth-start';
import { rememberedAffCode } from '../invite-code';
import { TelegramWidget } from './telegram-widget';

// The dialog needs Headless UI; only a site with WeChat sign-in on fetches it.
const WeChatCodeDialog = lazyExport(() => import('./wechat-code-dialog'), (m) => m.WeChatCodeDialog);

/** The login and register pages' third-party buttons, each shown only while its switch is on (from /api/status). */
export function ThirdPartySignIn() {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const { data: status } = useStatus();
  const startOAuth = useOAuthStart();
  const [weChatOpen, setWeChatOpen] = useState(false);
  if (!status || !(status.github_oauth || status.linuxdo_oauth || status.oidc_enabled || status.wechat_login || status.telegram_oauth)) return null;
  const signedIn = (user: LoginData) => {
    storeUser({ id: user.id, username: user.username, display_name: user.display_name, role: user.role, status: user.status, group: user.group });
    notify(t('auth.loggedIn'));
    navigate('/token');
  };
  const weChatLogin = async (code: string) => {
    const user = await authApi.weChatLogin(code, rememberedAffCode()).catch(() => null);
    if (user) signedIn(user);
  };
  const telegramLogin = async (fields: Record<string, string>) => {
    const user = await authApi.telegramLogin(fields).catch(() => null);
    if (user) signedIn(user);
  };
  return (
    <div className="mt-4 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800" data-testid="third-party">
      {status.github_oauth && <Button variant="outline" className="w-full" onClick={() => void startOAuth('github')}>{t('oauth.github')}</Button>}
      {status.linuxdo_oauth && <Button variant="outline" className="w-full" onClick={() => void startOAuth('linuxdo')}>{t('oauth.linuxdo')}</Button>}
      {status.oidc_enabled && <Button variant="outline" className="w-full" onClick={() => void startOAuth('oidc')}>{t('oauth.oidc')}</Button>}
      {status.wechat_login && <Button variant="outline" className="w-full" onClick={() => setWeChatOpen(true)}>{t('oauth.wechat')}</Button>}
      {status.telegram_oauth && status.telegram_bot_name && <TelegramWidget botName={status.telegram_bot_name} onAuth={(fields) => void telegramLogin({ ...fields, lang: 'zh' })} />}
      {status.wechat_login && (
        <Suspense fallback={null}>
          <WeChatCodeDialog open={weChatOpen} qrCode={status.wechat_qrcode ?? ''} submitLabel={t('auth.login')} onClose={() => setWeChatOpen(false)} onCode={weChatLogin} />
        </Suspense>
      )}
    </div>
  );
}
