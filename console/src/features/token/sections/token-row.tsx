import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import { formatQuota } from '../../../lib/quota';
import { ChatMenu } from '../../chat/chat-menu';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { Token } from '../api';
import { useTokenActions } from '../hooks/use-token-actions';

const statusTag: Record<number, string> = { 1: tag.green, 2: tag.red, 3: tag.orange, 4: tag.grey };

interface TokenRowProps {
  token: Token;
  selected: boolean;
  onSelect(on: boolean): void;
  onView(): void;
  onEdit(): void;
  onCopy(): void;
}

export function TokenRow({ token, selected, onSelect, onView, onEdit, onCopy }: TokenRowProps) {
  const t = useT();
  const display = useQuotaDisplay();
  const actions = useTokenActions();
  const [confirming, setConfirming] = useState(false);
  const statusKey: MessageKey = token.status === 1 && token.model_limits_enabled ? 'token.status.limited' : token.status in statusTag ? (`token.status.${token.status}` as MessageKey) : 'token.status.unknown';
  return (
    <tr data-testid="token-row" data-token-id={token.id} className={`${table.row} ${token.status === 1 ? '' : 'opacity-60'}`}>
      <td className={table.cell}>
        <input type="checkbox" aria-label={`${t('token.select')} ${token.name}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className={table.cell}>{token.name}</td>
      <td className={table.cell}>
        <span data-testid="token-status" className={`${tag.base} ${statusTag[token.status] ?? tag.grey}`}>{t(statusKey)}</span>
        {token.group && <span data-testid="token-group" className={`${tag.base} ${tag.blue} ml-1`}>{token.group}</span>}
      </td>
      <td className={table.cell}>{formatQuota(token.used_quota, display)}</td>
      <td className={table.cell}>{token.unlimited_quota ? <span className={`${tag.base} ${tag.blue}`}>{t('token.unlimitedTag')}</span> : formatQuota(token.remain_quota, display)}</td>
      <td className={table.cell}>{formatTime(token.created_time)}</td>
      <td className={table.cell}>{token.expired_time === -1 ? t('token.never') : formatTime(token.expired_time)}</td>
      <td className={`${table.cell} flex gap-1`}>
        <Button variant="ghost" onClick={onView}>{t('token.view')}</Button>
        <Button variant="outline" onClick={onCopy}>{t('token.copy')}</Button>
        <ChatMenu tokenId={token.id} />
        {token.status === 1 && <Button variant="ghost" onClick={() => actions.setStatus(token.id, 2)}>{t('token.disable')}</Button>}
        {token.status === 2 && <Button variant="ghost" onClick={() => actions.setStatus(token.id, 1)}>{t('token.enable')}</Button>}
        <Button variant="ghost" onClick={onEdit}>{t('token.edit')}</Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>{t('token.delete')}</Button>
        <ConfirmDialog open={confirming} title={t('token.confirmDelete')} confirmLabel={t('token.delete')} cancelLabel={t('token.cancel')} onConfirm={() => actions.remove(token.id)} onClose={() => setConfirming(false)} />
      </td>
    </tr>
  );
}
