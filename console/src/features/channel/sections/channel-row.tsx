import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Menu } from '../../../components/ui/menu';
import { table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { Channel } from '../api';
import { typeLabel } from '../channel-types';
import { PRIORITY_MIN, WEIGHT_MIN } from '../channel-form';
import { useChannelActions } from '../hooks/use-channel-actions';
import { ChannelNumber } from './channel-number';
import { ChannelStatus } from './channel-status';
import { ResponseTime } from './response-time';
import { RelativeTime } from '../../../components/ui/relative-time';

type Confirming = 'copy' | 'delete' | null;

export interface RowSelection {
  selected: boolean;
  onToggle(): void;
}

/** One channel; greyed unless enabled. `selection` is given in batch-delete mode. */
export function ChannelRow({ channel, selection }: { channel: Channel; selection?: RowSelection }) {
  const t = useT();
  const display = useQuotaDisplay();
  const navigate = useNavigate();
  const actions = useChannelActions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const models = channel.models.split(',').filter(Boolean);
  const enabled = channel.status === 1;
  return (
    <tr data-testid="channel-row" data-channel-id={channel.id} className={`${table.row} ${enabled ? '' : 'opacity-60'}`}>
      {selection && (
        <td className={table.cell}>
          <input type="checkbox" aria-label={t('channel.select', { name: channel.name })} checked={selection.selected} onChange={selection.onToggle} />
        </td>
      )}
      <td className={table.cell}>{channel.id}</td>
      <td className={table.cell}>{channel.name}</td>
      <td className={table.cell}>
        <span className="flex flex-wrap gap-1">{channel.group.split(',').filter(Boolean).map((g) => <span key={g} className={`${tag.base} ${tag.blue}`}>{g}</span>)}</span>
      </td>
      <td className={table.cell}>{typeLabel(channel.type) ?? t('channel.unknownType')}</td>
      <td className={table.cell}><ChannelStatus status={channel.status} otherInfo={channel.other_info} /></td>
      <td className={table.cell}>
        <ResponseTime ms={channel.response_time} />
        {channel.test_time > 0 && <span className="ml-1 text-xs text-slate-500 dark:text-slate-400"><RelativeTime seconds={channel.test_time} /></span>}
      </td>
      <td className={table.cell}>
        {formatQuota(channel.used_quota, display)} / <button type="button" className="underline decoration-dotted" title={t('channel.updateBalance')} aria-label={`$${channel.balance.toFixed(2)} ${t('channel.updateBalance')}`} onClick={() => actions.updateBalance(channel)}>${channel.balance.toFixed(2)}</button>
      </td>
      <td className={table.cell}><ChannelNumber key={channel.priority} label={t('channel.priority')} value={channel.priority} min={PRIORITY_MIN} onSave={(v) => actions.setNumber(channel, 'priority', v)} /></td>
      <td className={table.cell}><ChannelNumber key={channel.weight} label={t('channel.weight')} value={channel.weight} min={WEIGHT_MIN} onSave={(v) => actions.setNumber(channel, 'weight', v)} /></td>
      <td className={`${table.cell} flex flex-wrap items-center gap-1`}>
        <Button variant="ghost" onClick={() => actions.test(channel)}>{t('channel.test')}</Button>
        {models.length > 0 && <Menu label="▾" testId="channel-test-model" entries={models.map((model) => ({ label: model, onSelect: () => actions.test(channel, model) }))} />}
        {enabled ? <Button variant="ghost" onClick={() => actions.setStatus(channel, 2)}>{t('channel.disable')}</Button> : <Button variant="ghost" onClick={() => actions.setStatus(channel, 1)}>{t('channel.enable')}</Button>}
        <Button variant="outline" onClick={() => navigate(`/channel/edit/${channel.id}`)}>{t('channel.edit')}</Button>
        <Button variant="outline" onClick={() => setConfirming('copy')}>{t('channel.copy')}</Button>
        <Button variant="danger" onClick={() => setConfirming('delete')}>{t('channel.delete')}</Button>
        <ConfirmDialog open={confirming === 'copy'} title={t('channel.confirmCopy')} description={t('channel.copyHint')} confirmLabel={t('channel.copy')} cancelLabel={t('token.cancel')} onConfirm={() => actions.copy(channel)} onClose={() => setConfirming(null)} />
        <ConfirmDialog open={confirming === 'delete'} title={t('channel.confirmDelete')} description={t('channel.irreversible')} confirmLabel={t('channel.delete')} cancelLabel={t('token.cancel')} onConfirm={() => actions.remove(channel)} onClose={() => setConfirming(null)} />
      </td>
    </tr>
  );
}
