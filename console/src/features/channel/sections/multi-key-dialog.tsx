import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../i18n';
import { useListAction } from '../../../lib/use-list-action';
import { type Channel, channelKeyApi, type ChannelKeyRow, type KeyAction } from '../api';
import { channelsQueryKey } from '../hooks/use-channels';

const ALL = -1;
const statusKey = (status: number) => (status === 1 ? 'channel.status.1' : status === 2 ? 'channel.status.2' : 'channel.status.3');

function KeyRow({ row, act }: { row: ChannelKeyRow; act(action: KeyAction, index: number): void }) {
  const t = useT();
  return (
    <tr data-testid="channel-key-row" className="border-t border-slate-200 dark:border-slate-700">
      <td className="py-1 pr-2 tabular-nums">{row.index}</td>
      <td className="py-1 pr-2 font-mono">{row.key_preview}</td>
      <td className="py-1 pr-2">{t(statusKey(row.status))}</td>
      <td className="py-1 pr-2 text-xs">{row.reason ?? ''}{row.disabled_time ? ` (${new Date(row.disabled_time * 1000).toLocaleString()})` : ''}</td>
      <td className="py-1">
        {row.status === 1 ? <Button variant="ghost" onClick={() => act('disable_key', row.index)}>{t('channel.disable')}</Button> : <Button variant="ghost" onClick={() => act('enable_key', row.index)}>{t('channel.enable')}</Button>}
        <Button variant="danger" onClick={() => act('delete_key', row.index)}>{t('channel.delete')}</Button>
      </td>
    </tr>
  );
}

/** new-api's key manager of a multi-key channel: each key's status and why it was switched off, switched or deleted one by one or together. */
export function MultiKeyDialog({ channel, open, onClose }: { channel: Channel; open: boolean; onClose(): void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState(ALL);
  const run = useListAction(channelsQueryKey);
  const { data } = useQuery({
    queryKey: [...channelsQueryKey, 'keys', channel.id, page, status],
    queryFn: () => channelKeyApi.page(channel.id, page, status === ALL ? null : status),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const act = (action: KeyAction, index?: number) => void run(() => channelKeyApi.act(channel.id, action, index), 'channel.keysUpdated');
  const filter = [ALL, 1, 2, 3].map((value) => ({ value, label: value === ALL ? t('channel.keysAll') : t(statusKey(value)) }));
  return (
    <Dialog open={open} onClose={onClose} title={t('channel.keysTitle', { name: channel.name })}>
      {data && <p className="text-sm" data-testid="channel-key-counts">{t('channel.keysCounts', { enabled: data.enabled_count, manual: data.manual_disabled_count, auto: data.auto_disabled_count })}</p>}
      <div className="my-2 flex flex-wrap items-end gap-2">
        <div className="w-36"><Select id="channel-key-status" label={t('channel.status')} value={status} options={filter} onChange={(value) => { setStatus(value); setPage(1); }} /></div>
        <Button variant="outline" onClick={() => act('enable_all_keys')}>{t('channel.keysEnableAll')}</Button>
        <Button variant="outline" onClick={() => act('disable_all_keys')}>{t('channel.keysDisableAll')}</Button>
        <Button variant="danger" onClick={() => act('delete_disabled_keys')}>{t('channel.keysDeleteDisabled')}</Button>
      </div>
      <table className="w-full text-sm">
        <thead><tr className="text-left"><th>#</th><th>{t('channel.keysKey')}</th><th>{t('channel.status')}</th><th>{t('channel.keysReason')}</th><th>{t('channel.actions')}</th></tr></thead>
        <tbody>{data?.keys.map((row) => <KeyRow key={row.index} row={row} act={act} />)}</tbody>
      </table>
      <div className="mt-2 flex justify-between"><Pager page={page} lastPage={data?.total_pages ?? 1} onPage={setPage} /><Button variant="outline" onClick={onClose}>{t('token.cancel')}</Button></div>
    </Dialog>
  );
}
