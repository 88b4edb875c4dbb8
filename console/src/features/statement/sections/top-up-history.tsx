import { useState } from 'react';
import { lastPageOf } from '../../../api/page';
import { DataTable } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { card, table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import type { TopUpRow } from '@tollgate/wire';
import { TOPUP_PAGE_SIZE, type TopUpQuery } from '../api';
import { useTopUps } from '../hooks/use-top-ups';

const COLUMNS: MessageKey[] = ['topupHistory.kind', 'topupHistory.tradeNo', 'topupHistory.amount', 'topupHistory.money', 'topupHistory.method', 'topupHistory.created', 'topupHistory.completed', 'topupHistory.status'];

function StatusTag({ status }: { status: string }) {
  const t = useT();
  if (status === 'success') return <span className={`${tag.base} ${tag.green}`}>{t('topupHistory.status.success')}</span>;
  if (status === 'pending') return <span className={`${tag.base} ${tag.orange}`}>{t('topupHistory.status.pending')}</span>;
  return <span className={`${tag.base} ${tag.grey}`}>{status}</span>;
}

function OrderRow({ order, admin }: { order: TopUpRow; admin: boolean }) {
  const t = useT();
  return (
    <tr data-testid="top-up-row" data-kind={order.kind} className={table.row}>
      {admin && <td className={table.cell}>{order.user_id}</td>}
      <td className={table.cell}>{t(order.kind === 'redemption' ? 'topupHistory.kind.redemption' : 'topupHistory.kind.online')}</td>
      <td className={table.cell}>{order.kind === 'redemption' ? order.name : order.trade_no}</td>
      <td className={table.cell}>{order.amount}</td>
      <td className={table.cell}>{order.money.toFixed(2)}</td>
      <td className={table.cell}>{order.payment_method}</td>
      <td className={table.cell}>{formatTime(order.create_time)}</td>
      <td className={table.cell}>{order.complete_time > 0 ? formatTime(order.complete_time) : '-'}</td>
      <td className={table.cell}><StatusTag status={order.status} /></td>
    </tr>
  );
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
  const items = data?.items ?? [];
  const setPage = (page: number) => setTopUpQuery((old) => ({ ...old, page }));
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="text-lg font-semibold">{t('topupHistory.title')}</h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('topupHistory.hint')}</p>
      <Filters admin={admin} onChange={(patch) => setTopUpQuery((old) => ({ ...old, ...patch, page: 1 }))} />
      <DataTable columns={admin ? ['topupHistory.userId', ...COLUMNS] : COLUMNS} empty={items.length === 0}>
        {items.map((order) => <OrderRow key={`${order.kind}-${order.id}`} order={order} admin={admin} />)}
      </DataTable>
      <Pager page={topUpQuery.page} lastPage={lastPageOf(data?.total, TOPUP_PAGE_SIZE)} onPage={setPage} />
    </section>
  );
}
