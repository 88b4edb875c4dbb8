import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ManualCopyDialog } from '../../components/ui/manual-copy-dialog';
import { useToast } from '../../components/ui/toast';
import { EmptyState } from '../../components/ui/empty-state';
import { SortableTable } from '../../components/ui/sortable-table';
import { banner, input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStoredUser } from '../../lib/stored-user';
import { useClipboard } from '../../lib/use-clipboard';
import { pricingApi } from './api';
import { usePriceColumns } from './price-columns';

/** Model pricing (public): availability in the chosen group, a name filter, billing type, groups, ratios and prices; copy selected names. */
export function PricingPage() {
  const t = useT();
  const notify = useToast();
  const user = useStoredUser();
  const clipboard = useClipboard();
  const { data } = useQuery({ queryKey: ['pricing', user?.id ?? null], queryFn: ({ signal }) => pricingApi.get(signal) });
  const [filter, setFilter] = useState('');
  const [chosenGroup, setGroup] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const groups = Object.keys(data?.usableGroups ?? { default: '' });
  const group = chosenGroup ?? groups[0] ?? 'default';
  const groupRatio = data?.groupRatio[group] ?? 1;
  const entries = (data?.entries ?? []).filter((e) => e.model_name.toLowerCase().includes(filter.trim().toLowerCase()));
  const toggle = (model: string, on: boolean) => setSelected((current) => new Set([...current].filter((m) => m !== model).concat(on ? [model] : [])));
  const columns = usePriceColumns({ group, groupRatio, isSelected: (model) => selected.has(model), onSelect: toggle });
  const copySelected = () => (selected.size === 0 ? notify(t('pricing.noneSelected'), 'error') : void clipboard.copy([...selected].join(',')));
  return (
    <div className="space-y-4">
      {!user && <div role="note" className={banner.warning}>{t('pricing.notLoggedIn')}{groupRatio}</div>}
      <div className="flex flex-wrap gap-2">
        <select aria-label={t('pricing.group')} className={`${input.base} max-w-[12rem]`} value={group} onChange={(e) => setGroup(e.target.value)}>
          {groups.map((g) => <option key={g} value={g}>{g} ({data?.groupRatio[g] ?? 1}x)</option>)}
        </select>
        <input aria-label={t('pricing.filter')} placeholder={t('pricing.filter')} className={`${input.base} max-w-xs`} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <Button variant="outline" onClick={copySelected}>{t('pricing.copySelected')}</Button>
      </div>
      <SortableTable id="price" columns={columns} rows={data && entries} rowKey={(entry) => entry.model_name} caption={t('nav.pricing')}
        empty={<EmptyState />} />
      <p data-testid="admission-rule" className="text-sm text-slate-500 dark:text-slate-400">{t('pricing.admissionRule')}</p>
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </div>
  );
}
