import { ChannelStatus } from '@tollgate/wire';
import { useQueryClient } from '@tanstack/react-query';
import { lastPageOf } from '../../api/page';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import { SortableTable } from '../../components/ui/sortable-table';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { useLiveChannels } from './live/use-live-channels';
import type { ChannelSearch } from './api';
import { useChannelActions } from './hooks/use-channel-actions';
import { channelsQueryKey, useChannels } from './hooks/use-channels';
import { PAGE_SIZES } from '../../lib/use-page-size';
import { useChannelListPrefs } from './hooks/use-list-prefs';
import { useChannelColumns } from './sections/channel-columns';
import { ChannelSearchBar } from './sections/channel-search';
import { ChannelToolbar } from './sections/channel-toolbar';
import { BatchTag, TagPanel } from './sections/tag-panel';

const NO_SEARCH: ChannelSearch = { keyword: '', group: '', model: '' };

/** Administrators' channels: search, id sort, tag mode, paging, tests, balances, batch delete, batch tag and repair, and every row action. */
export function ChannelPage() {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const actions = useChannelActions();
  const { pageSize, setPageSize, idSort, setIdSort, tagMode, setTagMode } = useChannelListPrefs();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState(NO_SEARCH);
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmingBatch, setConfirmingBatch] = useState(false);
  const trimmed = { keyword: search.keyword.trim(), group: search.group, model: search.model.trim() };
  const { data } = useChannels(page, pageSize, idSort, trimmed, tagMode);
  useLiveChannels(channelsQueryKey); // tests and auto-disables from anywhere show up here
  const lastPage = lastPageOf(data?.total, pageSize);
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const askRemoveSelected = () => (selected.length === 0 ? notify(t('channel.noSelection'), 'error') : setConfirmingBatch(true));
  // A tag's chip shows that tag's channels: a search for it in tag mode (new-api's search matches tags there).
  const filterByTag = (tag: string) => {
    setTagMode(true);
    setSearch({ ...NO_SEARCH, keyword: tag });
    setPage(1);
  };
  const columns = useChannelColumns(batch ? { isSelected: (id) => selected.includes(id), onToggle: toggle } : null, filterByTag);
  const removeSelected = async () => {
    await actions.removeMany(selected);
    setSelected([]);
  };
  return (
    <div className="space-y-4">
      <ChannelSearchBar search={search} onChange={(next) => { setSearch(next); setPage(1); }} />
      <ChannelToolbar idSort={idSort} onIdSort={(sort) => { setIdSort(sort); setPage(1); }} tagMode={tagMode} onTagMode={(on) => { setTagMode(on); setPage(1); }} batch={batch} onBatch={(on) => { setBatch(on); setSelected([]); }} onRefresh={() => void queryClient.invalidateQueries({ queryKey: channelsQueryKey })} />
      {batch && (
        <div className="flex flex-wrap items-end gap-4">
          <Button variant="danger" onClick={askRemoveSelected}>{t('channel.deleteSelected', { count: selected.length })}</Button>
          <BatchTag selected={selected} />
        </div>
      )}
      {tagMode && data && <TagPanel channels={data.items} />}
      <ConfirmDialog open={confirmingBatch} title={t('channel.deleteSelected', { count: selected.length })} description={t('channel.irreversible')} confirmLabel={t('channel.delete')} cancelLabel={t('token.cancel')} onConfirm={() => void removeSelected()} onClose={() => setConfirmingBatch(false)} />
      {/* Server-paged: the id order goes to the API (id_sort, the toolbar's switch, as new-api's); a header sorts the page shown. */}
      <SortableTable id="channel" columns={columns} rows={data?.items} rowKey={(channel) => channel.id} caption={t('nav.channel')}
        rowProps={(channel) => ({ 'data-channel-id': channel.id, className: channel.status === ChannelStatus.Enabled ? '' : 'opacity-60' })}
        empty={<EmptyState title={t('log.noData')} action={{ label: t('empty.firstChannel'), to: '/channel/add' }} />} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Pager page={page} lastPage={lastPage} onPage={setPage} />
        <div className="w-32">
          <Select id="channel-page-size" label={t('channel.pageSize')} value={pageSize} options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))} onChange={(size) => { setPageSize(size); setPage(1); }} />
        </div>
      </div>
    </div>
  );
}
