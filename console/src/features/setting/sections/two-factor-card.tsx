import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ManualCopyDialog } from '../../../components/ui/manual-copy-dialog';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { useClipboard } from '../../../lib/use-clipboard';
import { type TwoFactorSetup, twoFactorApi } from '../two-factor-api';

const STATUS_KEY = ['two-factor-status'];
const codeBlock = 'block break-all rounded bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800';

/** A text to copy: shown whole (no QR library in the console), with a copy button. */
function Copyable({ label, text, testId, onCopy }: { label: string; text: string; testId: string; onCopy(text: string): void }) {
  const t = useT();
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <code data-testid={testId} className={codeBlock}>{text}</code>
      <Button variant="outline" onClick={() => onCopy(text)}>{t('twofa.copy')}</Button>
    </div>
  );
}

/** A code field with its submit button; `run` gets the trimmed code. */
function CodeForm({ id, label, action, run, danger = false }: { id: string; label: string; action: string; run(code: string): Promise<void>; danger?: boolean }) {
  const t = useT();
  const notify = useToast();
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return notify(t('twofa.codeRequired'), 'warning');
    await run(code.trim()).then(() => setCode(''), () => {});
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <Field id={id} label={label} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" className="flex-1" />
      <Button type="submit" variant={danger ? 'danger' : 'primary'}>{action}</Button>
    </form>
  );
}

/** Personal settings: set up (secret and otpauth URL as text), enable with a code, recovery codes, disable. */
export function TwoFactorCard() {
  const t = useT();
  const notify = useToast();
  const clipboard = useClipboard();
  const queryClient = useQueryClient();
  const { data: status } = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => twoFactorApi.status(signal) });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const copy = (text: string) => void clipboard.copy(text);
  const start = async () => setSetup(await twoFactorApi.setup().catch(() => null));
  const enable = async (code: string) => {
    await twoFactorApi.enable(code);
    notify(t('twofa.enabledDone'));
    setSetup(null);
    await refresh();
  };
  const disable = async (code: string) => {
    await twoFactorApi.disable(code);
    notify(t('twofa.disabledDone'));
    setFreshCodes(null);
    await refresh();
  };
  const regenerate = async (code: string) => {
    setFreshCodes((await twoFactorApi.newBackupCodes(code)).backup_codes);
    notify(t('twofa.regenerated'));
    await refresh();
  };
  const codes = setup?.backup_codes ?? freshCodes;
  return (
    <section className={`${card} space-y-3`} data-testid="two-factor">
      <h2 className="font-semibold">
        {t('twofa.title')} <span data-testid="two-factor-state">{status?.enabled ? t('twofa.enabled') : t('twofa.disabled')}</span>
        {status?.locked && <span className="ml-2 text-amber-600 dark:text-amber-400">{t('twofa.locked')}</span>}
      </h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('twofa.hint')}</p>
      {status?.required && !status.enabled && <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">{t('twofa.required')}</p>}
      {status?.enabled && <p className="text-sm">{t('twofa.remaining', { count: status.backup_codes_remaining ?? 0 })}</p>}
      {!status?.enabled && !setup && <Button onClick={() => void start()}>{t('twofa.setup')}</Button>}
      {setup && (
        <>
          <Copyable label={t('twofa.secret')} text={setup.secret} testId="two-factor-secret" onCopy={copy} />
          <Copyable label={t('twofa.url')} text={setup.qr_code_data} testId="two-factor-url" onCopy={copy} />
        </>
      )}
      {codes && <Copyable label={t('twofa.backupCodes')} text={codes.join('\n')} testId="two-factor-backup-codes" onCopy={copy} />}
      {setup && <CodeForm id="two-factor-enable-code" label={t('twofa.code')} action={t('twofa.enable')} run={enable} />}
      {status?.enabled && (
        <>
          <CodeForm id="two-factor-regenerate-code" label={t('twofa.code')} action={t('twofa.regenerate')} run={regenerate} />
          <CodeForm id="two-factor-disable-code" label={t('twofa.codeOrBackup')} action={t('twofa.disable')} run={disable} danger />
        </>
      )}
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </section>
  );
}
