import { TokenStatus as Status } from '@tollgate/wire';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import { formatQuota } from '../../../lib/quota';
import { ChatMenu } from '../../chat/chat-menu';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { Token } from '../api';
import { useTokenActions } from '../hooks/use-token-actions';

const statusTag: Record<number, string> = { [Status.Enabled]: tag.green, [Status.Disabled]: tag.red, [Status.Expired]: tag.orange, [Status.Exhausted]: tag.grey };

export interface TokenRowHandlers {
  isSelected(id: number): boolean;
  onSelect(id: number, on: boolean): void;
  onView(token: Token): void;
  onEdit(token: Token): void;
  onCopy(token: Token): void;
}

function TokenStatus({ token }: { token: Token }) {
  const t = useT();
  const statusKey: MessageKey = token.status === Status.Enabled && token.model_limits_enabled ? 'token.status.limited' : Object.hasOwn(statusTag, token.status) ? (`token.status.${token.status}` as MessageKey) : 'token.status.unknown';
  return (
    <>
      <span data-testid="token-status" className={`${tag.base} ${statusTag[token.status] ?? tag.grey}`}>{t(statusKey)}</span>
      {token.group && <span data-testid="token-group" className={`${tag.base} ${tag.blue} ml-1`}>{token.group}</span>}
    </>
  );
}

function TokenActions({ token, handlers }: { token: Token; handlers: TokenRowHandlers }) {
  const t = useT();
  const actions = useTokenActions();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex gap-1">
      <Button variant="ghost" onClick={() => handlers.onView(token)}>{t('token.view')}</Button>
      <Button variant="outline" onClick={() => handlers.onCopy(token)}>{t('token.copy')}</Button>
      <ChatMenu tokenId={token.id} />
      {token.status === Status.Enabled && <Button variant="ghost" onClick={() => actions.setStatus(token.id, Status.Disabled)}>{t('token.disable')}</Button>}
      {token.status === Status.Disabled && <Button variant="ghost" onClick={() => actions.setStatus(token.id, Status.Enabled)}>{t('token.enable')}</Button>}
      <Button variant="ghost" onClick={() => handlers.onEdit(token)}>{t('token.edit')}</Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>{t('token.delete')}</Button>
      <ConfirmDialog open={confirming} title={t('token.confirmDelete')} confirmLabel={t('token.delete')} cancelLabel={t('token.cancel')} onConfirm={() => actions.remove(token.id)} onClose={() => setConfirming(false)} />
    </div>
  );
}

/** The token list's columns: a selection box, then the spec's columns, each but the actions sortable. */
export function useTokenColumns(handlers: TokenRowHandlers): Column<Token>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    {
      id: 'select', label: t('table.select'), labelHidden: true, required: true,
      cell: (token) => <input type="checkbox" aria-label={`${t('token.select')} ${token.name}`} checked={handlers.isSelected(token.id)} onChange={(e) => handlers.onSelect(token.id, e.target.checked)} />,
    },
    { id: 'name', label: t('token.name'), required: true, cell: (token) => token.name, sortValue: (token) => token.name },
    { id: 'status', label: t('token.status'), cell: (token) => <TokenStatus token={token} />, sortValue: (token) => token.status },
    { id: 'used', label: t('token.used'), numeric: true, cell: (token) => formatQuota(token.used_quota, display), sortValue: (token) => token.used_quota },
    {
      id: 'remain', label: t('token.remain'), numeric: true, sortValue: (token) => (token.unlimited_quota ? Number.MAX_SAFE_INTEGER : token.remain_quota),
      cell: (token) => (token.unlimited_quota ? <span className={`${tag.base} ${tag.blue}`}>{t('token.unlimitedTag')}</span> : formatQuota(token.remain_quota, display)),
    },
    { id: 'created', label: t('token.created'), cell: (token) => formatTime(token.created_time), sortValue: (token) => token.created_time },
    {
      id: 'expiry', label: t('token.expiry'), sortValue: (token) => (token.expired_time === -1 ? Number.MAX_SAFE_INTEGER : token.expired_time),
      cell: (token) => (token.expired_time === -1 ? t('token.never') : formatTime(token.expired_time)),
    },
    { id: 'actions', label: t('token.actions'), required: true, cell: (token) => <TokenActions token={token} handlers={handlers} /> },
  ];
}
