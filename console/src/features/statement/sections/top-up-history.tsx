import { useState } from 'react';
import { lastPageOf } from '../../../api/page';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import type { TopUpRow } from '@tollgate/wire';
import { TOPUP_PAGE_SIZE, type TopUpQuery } from '../api';
import { useTopUps } from '../hooks/use-top-ups';

function StatusTag({ status }: { status: string }) {
  const t = useT();
  if (status === 'success') return <span className={`${tag.base} ${tag.green}`}>{t('topupHistory.status.success')}</span>;
  if (status === 'pending') return <span className={`${tag.base} ${tag.orange}`}>{t('topupHistory.status.pending')}</span>;
  return <span className={`${tag.base} ${tag.grey}`}>{status}</span>;
}

const isCode = (order: TopUpRow) => order.kind === 'redemption';

/** The top-ups' columns (the user's id for administrators): a code shows its name where an order shows its trade number. */
function useOrderColumns(admin: boolean): Column<TopUpRow>[] {
  const t = useT();
  const user: Column<TopUpRow> = { id: 'userId', label: t('topupHistory.userId'), numeric: true, cell: (order) => order.user_id, sortValue: (order) => order.user_id };
  return [
    ...(admin ? [user] : []),
    { id: 'kind', label: t('topupHistory.kind'), cell: (order) => t(isCode(order) ? 'topupHistory.kind.redemption' : 'topupHistory.kind.online'), sortValue: (order) => order.kind },
    { id: 'tradeNo', label: t('topupHistory.tradeNo'), required: true, cell: (order) => (isCode(order) ? order.name : order.trade_no), sortValue: (order) => (isCode(order) ? order.name : order.trade_no) },
    { id: 'amount', label: t('topupHistory.amount'), numeric: true, cell: (order) => order.amount, sortValue: (order) => order.amount },
    { id: 'money', label: t('topupHistory.money'), numeric: true, cell: (order) => order.money.toFixed(2), sortValue: (order) => order.money },
    { id: 'method', label: t('topupHistory.method'), cell: (order) => order.payment_method, sortValue: (order) => order.payment_method },
    { id: 'created', label: t('topupHistory.created'), cell: (order) => formatTime(order.create_time), sortValue: (order) => order.create_time },
    { id: 'completed', label: t('topupHistory.completed'), cell: (order) => (order.complete_time > 0 ? formatTime(order.complete_time) : '-'), sortValue: (order) => order.complete_time },
    { id: 'status', label: t('topupHistory.status'), cell: (order) => <StatusTag status={order.status} />, sortValue: (order) => order.status },
  ];
}

/** Narrows the list, back to its first page. */
function Filters({ admin, onChange }: { admin: boolean; onChange: (patch: { keyword?: string; userId?: number }) => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-3">
      <Field id="top-up-keyword" className="max-w-xs" label={t('topupHistory.keyword')} onChange={(e) => onChange({ keyword: e.target.value })} />
      {admin && (
        <Field id="top-up-user" className="max-w-40" inputMode="numeric" label={t('topupHistory.userFilter')} onChange={(e) => onChange({ userId: Number(e.target.value) > 0 ? Number(e.target.value) : undefined })} />
      )}
    </div>
  );
}

/** Top-ups, online and by code, with their status: the user's own, everyone's (with the user, filterable by user) for administrators. */
export function TopUpHistory({ admin }: { admin: boolean }) {
  const t = useT();
  const [topUpQuery, setTopUpQuery] = useState<TopUpQuery>({ page: 1, keyword: '' });
  const { data } = useTopUps(admin, topUpQuery);
  const columns = useOrderColumns(admin);
  const setPage = (page: number) => setTopUpQuery((old) => ({ ...old, page }));
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="text-lg font-semibold">{t('topupHistory.title')}</h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('topupHistory.hint')}</p>
      <Filters admin={admin} onChange={(patch) => setTopUpQuery((old) => ({ ...old, ...patch, page: 1 }))} />
      {/* Server-paged (the top-up list takes no sort): a header sorts the page shown. */}
      <SortableTable id="top-up" columns={columns} rows={data?.items} rowKey={(order) => `${order.kind}-${order.id}`} caption={t('topupHistory.title')}
        rowProps={(order) => ({ 'data-kind': order.kind })} empty={<EmptyState action={{ label: t('nav.topup'), to: '/topup' }} />} />
      <Pager page={topUpQuery.page} lastPage={lastPageOf(data?.total, TOPUP_PAGE_SIZE)} onPage={setPage} />
    </section>
  );
}
