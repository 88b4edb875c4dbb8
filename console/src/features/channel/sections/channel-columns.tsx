import { ChannelStatus as Status } from '@tollgate/wire';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Menu } from '../../../components/ui/menu';
import { RelativeTime } from '../../../components/ui/relative-time';
import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { Channel } from '../api';
import { PRIORITY_MIN, WEIGHT_MIN } from '../channel-form';
import { typeLabel } from '../channel-types';
import { useChannelActions } from '../hooks/use-channel-actions';
import { ChannelNumber } from './channel-number';
import { ChannelStatus } from './channel-status';
import { ResponseTime } from './response-time';
import { MultiKeyDialog } from './multi-key-dialog';
import { UpstreamDialog } from './upstream-dialog';
import { pendingUpstreamChanges, upstreamFieldsOf } from '../upstream-settings';

type Confirming = 'copy' | 'delete' | 'keys' | 'upstream' | null;

/** The batch-delete mode's checkboxes. */
export interface ChannelSelection {
  isSelected(id: number): boolean;
  onToggle(id: number): void;
}

function ChannelActions({ channel }: { channel: Channel }) {
  const t = useT();
  const navigate = useNavigate();
  const actions = useChannelActions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const models = channel.models.split(',').filter(Boolean);
  const pending = pendingUpstreamChanges(channel);
  const watched = upstreamFieldsOf(channel).upstream_model_update_check_enabled === true || pending.add.length + pending.remove.length > 0;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button variant="ghost" onClick={() => actions.test(channel)}>{t('channel.test')}</Button>
      {models.length > 0 && <Menu label="▾" testId="channel-test-model" entries={models.map((model) => ({ label: model, onSelect: () => actions.test(channel, model) }))} />}
      {channel.status === Status.Enabled ? <Button variant="ghost" onClick={() => actions.setStatus(channel, Status.Disabled)}>{t('channel.disable')}</Button> : <Button variant="ghost" onClick={() => actions.setStatus(channel, Status.Enabled)}>{t('channel.enable')}</Button>}
      <Button variant="outline" onClick={() => navigate(`/channel/edit/${channel.id}`)}>{t('channel.edit')}</Button>
      <Button variant="outline" onClick={() => setConfirming('copy')}>{t('channel.copy')}</Button>
      <Button variant="danger" onClick={() => setConfirming('delete')}>{t('channel.delete')}</Button>
      {channel.channel_info?.is_multi_key && <Button variant="outline" onClick={() => setConfirming('keys')}>{t('channel.keys')}</Button>}
      {watched && <Button variant="outline" onClick={() => setConfirming('upstream')}>{pending.add.length + pending.remove.length > 0 ? t('channel.upstreamCount', { add: pending.add.length, remove: pending.remove.length }) : t('channel.upstream')}</Button>}
      {confirming === 'keys' && <MultiKeyDialog channel={channel} open onClose={() => setConfirming(null)} />}
      {confirming === 'upstream' && <UpstreamDialog channel={channel} open onClose={() => setConfirming(null)} />}
      <ConfirmDialog open={confirming === 'copy'} title={t('channel.confirmCopy')} description={t('channel.copyHint')} confirmLabel={t('channel.copy')} cancelLabel={t('token.cancel')} onConfirm={() => actions.copy(channel)} onClose={() => setConfirming(null)} />
      <ConfirmDialog open={confirming === 'delete'} title={t('channel.confirmDelete')} description={t('channel.irreversible')} confirmLabel={t('channel.delete')} cancelLabel={t('token.cancel')} onConfirm={() => actions.remove(channel)} onClose={() => setConfirming(null)} />
    </div>
  );
}

function UsedAndBalance({ channel }: { channel: Channel }) {
  const t = useT();
  const display = useQuotaDisplay();
  const actions = useChannelActions();
  return (
    <>
      {formatQuota(channel.used_quota, display)} / <button type="button" className="underline decoration-dotted" title={t('channel.updateBalance')} aria-label={`$${channel.balance.toFixed(2)} ${t('channel.updateBalance')}`} onClick={() => actions.updateBalance(channel)}>${channel.balance.toFixed(2)}</button>
    </>
  );
}

/** The channel list's columns; a column of checkboxes first in batch-delete mode (`selection`); a tag's chip filters by it (`onTag`). */
export function useChannelColumns(selection: ChannelSelection | null, onTag?: (tag: string) => void): Column<Channel>[] {
  const t = useT();
  const actions = useChannelActions();
  const select: Column<Channel> = {
    id: 'select', label: t('table.select'), labelHidden: true, required: true,
    cell: (channel) => <input type="checkbox" aria-label={t('channel.select', { name: channel.name })} checked={selection?.isSelected(channel.id) ?? false} onChange={() => selection?.onToggle(channel.id)} />,
  };
  return [
    ...(selection ? [select] : []),
    { id: 'id', label: t('channel.id'), numeric: true, cell: (channel) => channel.id, sortValue: (channel) => channel.id },
    { id: 'name', label: t('channel.name'), required: true, cell: (channel) => <span title={channel.remark || undefined}>{channel.name}</span>, sortValue: (channel) => channel.name },
    {
      id: 'group', label: t('channel.group'), sortValue: (channel) => channel.group,
      cell: (channel) => <span className="flex flex-wrap gap-1">{channel.group.split(',').filter(Boolean).map((g) => <span key={g} className={`${tag.base} ${tag.blue}`}>{g}</span>)}</span>,
    },
    { id: 'type', label: t('channel.type'), cell: (channel) => typeLabel(channel.type) ?? t('channel.unknownType'), sortValue: (channel) => typeLabel(channel.type) ?? '' },
    {
      id: 'tag', label: t('channel.tag'), sortValue: (channel) => channel.tag,
      cell: (channel) => (channel.tag ? <button type="button" className={`${tag.base} ${tag.green}`} title={t('channel.filterByTag')} onClick={() => onTag?.(channel.tag)}>{channel.tag}</button> : null),
    },
    { id: 'status', label: t('channel.status'), cell: (channel) => <ChannelStatus status={channel.status} otherInfo={channel.other_info} />, sortValue: (channel) => channel.status },
    {
      id: 'responseTime', label: t('channel.responseTime'), sortValue: (channel) => channel.response_time,
      cell: (channel) => (
        <>
          <ResponseTime ms={channel.response_time} />
          {channel.test_time > 0 && <span className="ml-1 text-xs text-slate-500 dark:text-slate-400"><RelativeTime seconds={channel.test_time} /></span>}
        </>
      ),
    },
    { id: 'usedBalance', label: t('channel.usedBalance'), cell: (channel) => <UsedAndBalance channel={channel} />, sortValue: (channel) => channel.used_quota },
    { id: 'priority', label: t('channel.priority'), sortValue: (channel) => channel.priority, cell: (channel) => <ChannelNumber key={channel.priority} label={t('channel.priority')} value={channel.priority} min={PRIORITY_MIN} onSave={(v) => actions.setNumber(channel, 'priority', v)} /> },
    { id: 'weight', label: t('channel.weight'), sortValue: (channel) => channel.weight, cell: (channel) => <ChannelNumber key={channel.weight} label={t('channel.weight')} value={channel.weight} min={WEIGHT_MIN} onSave={(v) => actions.setNumber(channel, 'weight', v)} /> },
    { id: 'actions', label: t('channel.actions'), required: true, cell: (channel) => <ChannelActions channel={channel} /> },
  ];
}
