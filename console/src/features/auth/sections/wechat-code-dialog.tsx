import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';

/** The messaging-app scan: the official account's QR code, and the code it answers with (valid 3 minutes). */
export function WeChatCodeDialog({ open, qrCode, submitLabel, onClose, onCode }: { open: boolean; qrCode: string; submitLabel: string; onClose(): void; onCode(code: string): Promise<void> }) {
  const t = useT();
  const notify = useToast();
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return notify(t('oauth.codeRequired'), 'error');
    await onCode(code.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('oauth.wechat')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {qrCode && <img src={qrCode} alt="" className="mx-auto h-40 w-40" />}
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('oauth.wechatHint')}</p>
        <Field id="wechat-code" label={t('oauth.code')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" />
        <Button type="submit" className="w-full">{submitLabel}</Button>
      </form>
    </Dialog>
  );
}
