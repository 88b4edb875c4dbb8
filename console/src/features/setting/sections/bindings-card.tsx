import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { card } from '../../../components/ui/tokens';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { selfQueryKey, useSelf } from '../../account/hooks/use-self';
import { authApi } from '../../auth/api';
import { useOAuthStart } from '../../auth/hooks/use-oauth-start';
import { TelegramWidget } from '../../auth/sections/telegram-widget';
import { WeChatCodeDialog } from '../../auth/sections/wechat-code-dialog';
import { useStatus } from '../../status/hooks/use-status';
import { EmailBindDialog } from './email-bind-dialog';

function BindingRow({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="flex items-center justify-between gap-2" data-testid={`binding-${testId}`}>
      <div>
        <div className="text-sm font-medium">{label}</div>
        <div className="text-sm text-slate-500 dark:text-slate-400">{value || t('setting.unbound')}</div>
      </div>
      {children}
    </div>
  );
}

/** The personal tab's account bindings: email with a code, the messaging-app scan and widget, code hosting and forum. */
export function BindingsCard() {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const { data: self } = useSelf();
  const { data: status } = useStatus();
  const startOAuth = useOAuthStart();
  const [dialog, setDialog] = useState<'email' | 'wechat' | null>(null);
  const refresh = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: selfQueryKey });
  };
  const bound = async (call: Promise<unknown>) => {
    if (await call.then(() => true, () => false)) {
      notify(t('oauth.bound'));
      refresh();
    }
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold">{t('setting.bindings')}</h2>
      <BindingRow label={t('auth.email')} value={self?.email ?? ''} testId="email">
        <Button variant="outline" onClick={() => setDialog('email')}>{t('setting.bindEmail')}</Button>
      </BindingRow>
      {status?.wechat_login && (
        <BindingRow label={t('setting.wechat')} value={self?.wechat_id ? t('setting.bound') : ''} testId="wechat">
          {!self?.wechat_id && <Button variant="outline" onClick={() => setDialog('wechat')}>{t('setting.bind')}</Button>}
        </BindingRow>
      )}
      {status?.telegram_oauth && (
        <BindingRow label="Telegram" value={self?.telegram_id ?? ''} testId="telegram">
          {!self?.telegram_id && status.telegram_bot_name && <TelegramWidget botName={status.telegram_bot_name} onAuth={(fields) => void bound(authApi.telegramBind(fields))} />}
        </BindingRow>
      )}
      {status?.github_oauth && (
        <BindingRow label="GitHub" value={self?.github_id ?? ''} testId="github">
          {!self?.github_id && <Button variant="outline" onClick={() => void startOAuth('github')}>{t('setting.bind')}</Button>}
        </BindingRow>
      )}
      {status?.linuxdo_oauth && (
        <BindingRow label="LinuxDO" value={self?.linux_do_id ?? ''} testId="linuxdo">
          {!self?.linux_do_id && <Button variant="outline" onClick={() => void startOAuth('linuxdo')}>{t('setting.bind')}</Button>}
        </BindingRow>
      )}
      {status?.oidc_enabled && (
        <BindingRow label="OIDC" value={self?.oidc_id ?? ''} testId="oidc">
          {!self?.oidc_id && <Button variant="outline" onClick={() => void startOAuth('oidc')}>{t('setting.bind')}</Button>}
        </BindingRow>
      )}
      <EmailBindDialog open={dialog === 'email'} onClose={() => setDialog(null)} onBound={refresh} />
      <WeChatCodeDialog open={dialog === 'wechat'} qrCode={status?.wechat_qrcode ?? ''} submitLabel={t('setting.bind')} onClose={() => setDialog(null)} onCode={(code) => bound(authApi.weChatBind(code))} />
    </section>
  );
}
