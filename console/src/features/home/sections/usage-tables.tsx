import { EmptyState } from '../../../components/ui/empty-state';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota, shortNumber } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { UsageShare } from '@tollgate/wire';

function useShareColumns(): Column<UsageShare>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    { id: 'name', label: t('home.name'), required: true, cell: (row) => row.name || '—', sortValue: (row) => row.name },
    { id: 'quota', label: t('home.quota'), numeric: true, cell: (row) => formatQuota(row.quota, display), sortValue: (row) => row.quota },
    { id: 'requests', label: t('home.requestCount'), numeric: true, cell: (row) => row.requests, sortValue: (row) => row.requests },
    { id: 'tokens', label: t('home.tokens'), numeric: true, cell: (row) => shortNumber(row.tokens), sortValue: (row) => row.tokens },
  ];
}

/** This month's use per token and per model, each sortable and with the columns the user chose. */
export function UsageTables({ byToken, byModel }: { byToken: UsageShare[] | undefined; byModel: UsageShare[] | undefined }) {
  const t = useT();
  const columns = useShareColumns();
  const empty = <EmptyState title={t('home.noUsage')} hint={t('home.noUsageHint')} action={{ label: t('home.createToken'), to: '/token' }} />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {([['home-tokens', 'home.perToken', byToken], ['home-models', 'home.perModel', byModel]] as const).map(([id, title, rows]) => (
        <section key={id} className={`${card} min-w-0`}>
          <h2 className="font-semibold">{t(title)}</h2>
          <SortableTable id={id} caption={t(title)} columns={columns} rows={rows} rowKey={(row) => row.name} empty={empty} />
        </section>
      ))}
    </div>
  );
}
