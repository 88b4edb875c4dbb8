import { input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { ChannelSearch } from '../api';
import { useChannelGroups } from '../hooks/use-channels';

/** Keyword (ID, name, key), model keyword and group. */
export function ChannelSearchBar({ search, onChange }: { search: ChannelSearch; onChange(search: ChannelSearch): void }) {
  const t = useT();
  const { data: groups } = useChannelGroups();
  return (
    <div className="flex flex-wrap gap-2">
      <input id="channel-keyword" aria-label={t('channel.searchKeyword')} placeholder={t('channel.searchKeyword')} className={`${input.base} max-w-xs`} value={search.keyword} onChange={(e) => onChange({ ...search, keyword: e.target.value })} />
      <input id="channel-model" aria-label={t('channel.searchModel')} placeholder={t('channel.searchModel')} className={`${input.base} max-w-[12rem]`} value={search.model} onChange={(e) => onChange({ ...search, model: e.target.value })} />
      <select id="channel-group" aria-label={t('channel.group')} className={`${input.base} max-w-[10rem]`} value={search.group} onChange={(e) => onChange({ ...search, group: e.target.value })}>
        <option value="">{t('user.allGroups')}</option>
        {(groups ?? []).map((g) => <option key={g} value={g}>{g}</option>)}
      </select>
    </div>
  );
}
