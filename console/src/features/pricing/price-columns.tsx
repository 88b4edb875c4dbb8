import { QuotaType } from '@tollgate/wire';
import type { Column } from '../../components/ui/sortable-table';
import { tag } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { displayCurrency } from '../../lib/quota';
import { useQuotaDisplay } from '../status/hooks/use-status';
import { type PriceEntry, priceIn } from './api';

/** A dollar price in the site's display currency (general_setting.quota_display_type); dollars when quota shows as tokens. */
function useMoney(): (usd: number) => string {
  const currency = displayCurrency(useQuotaDisplay()) ?? { symbol: '$', perDollar: 1 };
  return (usd) => `${currency.symbol}${Number((usd * currency.perDollar).toFixed(6))}`;
}

function PriceCell({ entry, groupRatio }: { entry: PriceEntry; groupRatio: number }) {
  const t = useT();
  const usd = useMoney();
  // An expression is the price itself ($ per 1M tokens, before the group ratio): shown as the operator wrote it.
  if (entry.billing_expr) return <code data-testid="price-expression" className="text-xs">{entry.billing_expr}</code>;
  const price = priceIn(entry, groupRatio);
  if ('perCall' in price) return <>{usd(price.perCall)}</>;
  return <>{t('pricing.promptPrice')} {usd(price.prompt)} / 1M · {t('pricing.completionPrice')} {usd(price.completion)} / 1M</>;
}

interface PriceColumnsOptions {
  group: string;
  groupRatio: number;
  isSelected(model: string): boolean;
  onSelect(model: string, on: boolean): void;
}

/** The pricing list's columns: a box for "copy selected", availability in the chosen group, then the model's billing. */
export function usePriceColumns({ group, groupRatio, isSelected, onSelect }: PriceColumnsOptions): Column<PriceEntry>[] {
  const t = useT();
  const available = (entry: PriceEntry) => entry.enable_groups.includes(group);
  const sortPrice = (entry: PriceEntry) => {
    const price = priceIn(entry, groupRatio);
    return 'perCall' in price ? price.perCall : price.prompt;
  };
  return [
    {
      id: 'select', label: t('table.select'), labelHidden: true, required: true,
      cell: (entry) => <input type="checkbox" aria-label={entry.model_name} checked={isSelected(entry.model_name)} onChange={(e) => onSelect(entry.model_name, e.target.checked)} />,
    },
    {
      id: 'available', label: t('pricing.available'), sortValue: (entry) => Number(available(entry)),
      cell: (entry) => <span className={`${tag.base} ${available(entry) ? tag.green : tag.red}`}>{t(available(entry) ? 'pricing.availableYes' : 'pricing.availableNo')}</span>,
    },
    { id: 'model', label: t('pricing.model'), required: true, cell: (entry) => entry.model_name, sortValue: (entry) => entry.model_name },
    { id: 'billing', label: t('pricing.billing'), cell: (entry) => t(entry.billing_expr ? 'pricing.byExpression' : entry.quota_type === QuotaType.PerCall ? 'pricing.perCall' : 'pricing.perUsage'), sortValue: (entry) => entry.quota_type },
    { id: 'groups', label: t('pricing.groups'), cell: (entry) => entry.enable_groups.map((g) => <span key={g} className={`${tag.base} ${tag.blue} mr-1`}>{g}</span>) },
    { id: 'ratio', label: t('pricing.ratio'), cell: (entry) => (entry.quota_type === QuotaType.PerCall || entry.billing_expr ? '—' : `${entry.model_ratio} / ${entry.completion_ratio} / ${groupRatio}`), sortValue: (entry) => entry.model_ratio },
    { id: 'price', label: t('pricing.price'), cell: (entry) => <span data-testid="price"><PriceCell entry={entry} groupRatio={groupRatio} /></span>, sortValue: sortPrice },
  ];
}
