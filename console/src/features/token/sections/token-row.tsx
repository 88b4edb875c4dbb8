import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/ui/button';
import { table, tag } from '../../../components/ui/tokens';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/use-status';
import { type Token, tokenApi } from '../api';

const statusTag: Record<number, string> = { 1: tag.green, 2: tag.red, 3: tag.orange, 4: tag.grey };
const when = (seconds: number) => format(new Date(seconds * 1000), 'yyyy-MM-dd HH:mm:ss');

export function TokenRow({ token, onCopyFailed }: { token: Token; onCopyFailed(text: string): void }) {
  const t = useT();
  const notify = useToast();
  const display = useQuotaDisplay();
  const queryClient = useQueryClient();
  const run = async (action: () => Promise<unknown>, done?: MessageKey) => {
    try {
      await action();
      if (done) notify(t(done));
    } catch (error) {
      if (error instanceof ApiError) notify(error.message, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: ['tokens'] });
  };
  const copy = async () => {
    const text = `sk-${token.key}`;
    try {
      await navigator.clipboard.writeText(text);
      notify(t('copy.done'));
    } catch {
      onCopyFailed(text);
    }
  };
  const statusKey: MessageKey = token.status in statusTag ? (`token.status.${token.status}` as MessageKey) : 'token.status.unknown';
  return (
    <tr data-testid="token-row" className={table.row}>
      <td className={table.cell}>{token.name}</td>
      <td className={table.cell}>
        <span className={`${tag.base} ${statusTag[token.status] ?? tag.grey}`}>{t(statusKey)}</span>
      </td>
      <td className={table.cell}>{formatQuota(token.used_quota, display)}</td>
      <td className={table.cell}>{token.unlimited_quota ? <span className={`${tag.base} ${tag.blue}`}>{t('token.unlimitedTag')}</span> : formatQuota(token.remain_quota, display)}</td>
      <td className={table.cell}>{when(token.created_time)}</td>
      <td className={table.cell}>{token.expired_time === -1 ? t('token.never') : when(token.expired_time)}</td>
      <td className={`${table.cell} flex gap-1`}>
        <Button variant="outline" onClick={copy}>{t('token.copy')}</Button>
        {token.status === 1 && <Button variant="ghost" onClick={() => run(() => tokenApi.setStatus(token.id, 2), 'token.updated')}>{t('token.disable')}</Button>}
        {token.status === 2 && <Button variant="ghost" onClick={() => run(() => tokenApi.setStatus(token.id, 1), 'token.updated')}>{t('token.enable')}</Button>}
        <Button variant="danger" onClick={() => window.confirm(t('token.confirmDelete')) && run(() => tokenApi.remove(token.id))}>{t('token.delete')}</Button>
      </td>
    </tr>
  );
}
