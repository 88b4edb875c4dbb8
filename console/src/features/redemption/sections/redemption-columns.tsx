import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { Redemption } from '../api';
import { useRedemptionActions } from '../hooks/use-redemptions';

const statusTag: Record<number, string> = { 1: tag.green, 2: tag.red, 3: tag.grey };
const UNUSED = 1;
const DISABLED = 2;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** An unused code past its expiry no longer redeems; the list says so rather than "unused". */
const isExpired = (code: Redemption) => code.status === UNUSED && code.expired_time !== 0 && code.expired_time < nowSeconds();

export interface RedemptionRowHandlers {
  isSelected(id: number): boolean;
  onSelect(id: number, on: boolean): void;
  onView(code: Redemption): void;
  onCopy(code: Redemption): void;
  onEdit(code: Redemption): void;
}

/** Enable/disable and edit only while unused or disabled, as the spec says. */
function RedemptionActions({ code, handlers }: { code: Redemption; handlers: RedemptionRowHandlers }) {
  const t = useT();
  const actions = useRedemptionActions();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex gap-1">
      <Button variant="outline" onClick={() => handlers.onView(code)}>{t('redemption.view')}</Button>
      <Button variant="outline" onClick={() => handlers.onCopy(code)}>{t('token.copy')}</Button>
      {code.status === UNUSED && <Button variant="ghost" onClick={() => actions.setStatus(code.id, DISABLED)}>{t('token.disable')}</Button>}
      {code.status === DISABLED && <Button variant="ghost" onClick={() => actions.setStatus(code.id, UNUSED)}>{t('token.enable')}</Button>}
      {code.status === UNUSED && <Button variant="ghost" onClick={() => handlers.onEdit(code)}>{t('redemption.edit')}</Button>}
      <Button variant="danger" onClick={() => setConfirming(true)}>{t('token.delete')}</Button>
      <ConfirmDialog open={confirming} title={t('redemption.confirmDelete')} confirmLabel={t('token.delete')} cancelLabel={t('token.cancel')} onConfirm={() => actions.remove(code.id)} onClose={() => setConfirming(false)} />
    </div>
  );
}

/** The code list's columns: a selection box for "copy selected", then the spec's columns. */
export function useRedemptionColumns(handlers: RedemptionRowHandlers): Column<Redemption>[] {
  const t = useT();
  const display = useQuotaDisplay();
  const statusKey = (code: Redemption): MessageKey => {
    if (isExpired(code)) return 'redemption.expired';
    return Object.hasOwn(statusTag, code.status) ? (`redemption.status.${code.status}` as MessageKey) : 'token.status.unknown';
  };
  return [
    {
      id: 'select', label: t('table.select'), labelHidden: true, required: true,
      cell: (code) => <input type="checkbox" aria-label={`${t('redemption.id')} ${code.id}`} checked={handlers.isSelected(code.id)} onChange={(e) => handlers.onSelect(code.id, e.target.checked)} />,
    },
    { id: 'id', label: t('redemption.id'), numeric: true, cell: (code) => code.id, sortValue: (code) => code.id },
    { id: 'name', label: t('redemption.name'), required: true, cell: (code) => code.name, sortValue: (code) => code.name },
    { id: 'status', label: t('redemption.status'), cell: (code) => <span className={`${tag.base} ${isExpired(code) ? tag.grey : (statusTag[code.status] ?? tag.grey)}`}>{t(statusKey(code))}</span>, sortValue: (code) => code.status },
    { id: 'quota', label: t('redemption.quota'), numeric: true, cell: (code) => formatQuota(code.quota, display), sortValue: (code) => code.quota },
    { id: 'created', label: t('redemption.created'), cell: (code) => formatTime(code.created_time), sortValue: (code) => code.created_time },
    { id: 'redeemer', label: t('redemption.redeemer'), cell: (code) => (code.used_user_id === 0 ? t('redemption.none') : code.used_user_id), sortValue: (code) => code.used_user_id },
    { id: 'expires', label: t('redemption.expires'), cell: (code) => (code.expired_time === 0 ? t('redemption.never') : formatTime(code.expired_time)), sortValue: (code) => code.expired_time || Number.MAX_SAFE_INTEGER },
    { id: 'actions', label: t('redemption.actions'), required: true, cell: (code) => <RedemptionActions code={code} handlers={handlers} /> },
  ];
}
