import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ManualCopyDialog } from '../../components/ui/manual-copy-dialog';
import { useToast } from '../../components/ui/toast';
import { banner, input, table, tag } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { displayCurrency } from '../../lib/quota';
import { useStoredUser } from '../../lib/stored-user';
import { useClipboard } from '../../lib/use-clipboard';
import { useQuotaDisplay } from '../status/hooks/use-status';
import { type PriceEntry, priceIn, pricingApi } from './api';

/** A dollar price in the site's display currency (general_setting.quota_display_type); dollars when quota shows as tokens. */
function useMoney(): (usd: number) => string {
  const currency = displayCurrency(useQuotaDisplay()) ?? { symbol: '$', perDollar: 1 };
  return (usd) => `${currency.symbol}${Number((usd * currency.perDollar).toFixed(6))}`;
}

function PriceCell({ entry, groupRatio }: { entry: PriceEntry; groupRatio: number }) {
  const t = useT();
  const usd = useMoney();
  const price = priceIn(entry, groupRatio);
  if ('perCall' in price) return <>{usd(price.perCall)}</>;
  return <>{t('pricing.promptPrice')} {usd(price.prompt)} / 1M · {t('pricing.completionPrice')} {usd(price.completion)} / 1M</>;
}

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
      <div className={table.wrap} tabIndex={0}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>
              <th className={table.cell} />
              {(['pricing.available', 'pricing.model', 'pricing.billing', 'pricing.groups', 'pricing.ratio', 'pricing.price'] as const).map((c) => <th key={c} className={table.cell}>{t(c)}</th>)}
            </tr>
          </thead>
          <tbody className={table.body}>
            {entries.map((entry) => {
              const available = entry.enable_groups.includes(group);
              return (
                <tr key={entry.model_name} data-testid="price-row" className={table.row}>
                  <td className={table.cell}><input type="checkbox" aria-label={entry.model_name} checked={selected.has(entry.model_name)} onChange={(e) => toggle(entry.model_name, e.target.checked)} /></td>
                  <td className={table.cell}><span className={`${tag.base} ${available ? tag.green : tag.red}`}>{t(available ? 'pricing.availableYes' : 'pricing.availableNo')}</span></td>
                  <td className={table.cell}>{entry.model_name}</td>
                  <td className={table.cell}>{t(entry.quota_type === 1 ? 'pricing.perCall' : 'pricing.perUsage')}</td>
                  <td className={table.cell}>{entry.enable_groups.map((g) => <span key={g} className={`${tag.base} ${tag.blue} mr-1`}>{g}</span>)}</td>
                  <td className={table.cell}>{entry.quota_type === 1 ? '—' : `${entry.model_ratio} / ${entry.completion_ratio} / ${groupRatio}`}</td>
                  <td className={table.cell} data-testid="price"><PriceCell entry={entry} groupRatio={groupRatio} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {entries.length === 0 && <p className="p-4 text-center text-sm text-slate-500 dark:text-slate-400">{t('log.noData')}</p>}
      </div>
      <p data-testid="admission-rule" className="text-sm text-slate-500 dark:text-slate-400">{t('pricing.admissionRule')}</p>
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </div>
  );
}
