import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { table, tag } from '../../../components/ui/tokens';
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

interface RowProps {
  code: Redemption;
  selected: boolean;
  onSelect(selected: boolean): void;
  onView(): void;
  onCopy(): void;
  onEdit(): void;
}

/** One code: selectable for "copy selected"; enable/disable and edit only while unused or disabled, as the spec says. */
export function RedemptionRow({ code, selected, onSelect, onView, onCopy, onEdit }: RowProps) {
  const t = useT();
  const display = useQuotaDisplay();
  const actions = useRedemptionActions();
  const [confirming, setConfirming] = useState(false);
  const statusKey: MessageKey = code.status in statusTag ? (`redemption.status.${code.status}` as MessageKey) : 'token.status.unknown';
  return (
    <tr data-testid="redemption-row" data-redemption-id={code.id} className={table.row}>
      <td className={table.cell}>
        <input type="checkbox" aria-label={`${t('redemption.id')} ${code.id}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className={table.cell}>{code.id}</td>
      <td className={table.cell}>{code.name}</td>
      <td className={table.cell}><span className={`${tag.base} ${statusTag[code.status] ?? tag.grey}`}>{t(statusKey)}</span></td>
      <td className={table.cell}>{formatQuota(code.quota, display)}</td>
      <td className={table.cell}>{formatTime(code.created_time)}</td>
      <td className={table.cell}>{code.used_user_id === 0 ? t('redemption.none') : code.used_user_id}</td>
      <td className={`${table.cell} flex gap-1`}>
        <Button variant="outline" onClick={onView}>{t('redemption.view')}</Button>
        <Button variant="outline" onClick={onCopy}>{t('token.copy')}</Button>
        {code.status === UNUSED && <Button variant="ghost" onClick={() => actions.setStatus(code.id, DISABLED)}>{t('token.disable')}</Button>}
        {code.status === DISABLED && <Button variant="ghost" onClick={() => actions.setStatus(code.id, UNUSED)}>{t('token.enable')}</Button>}
        {code.status === UNUSED && <Button variant="ghost" onClick={onEdit}>{t('redemption.edit')}</Button>}
        <Button variant="danger" onClick={() => setConfirming(true)}>{t('token.delete')}</Button>
        <ConfirmDialog open={confirming} title={t('redemption.confirmDelete')} confirmLabel={t('token.delete')} cancelLabel={t('token.cancel')} onConfirm={() => actions.remove(code.id)} onClose={() => setConfirming(false)} />
      </td>
    </tr>
  );
}
