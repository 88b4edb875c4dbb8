import { useState } from 'react';
import { lastPageOf } from '../../../api/page';
import { DataTable } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { card, table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import { TOPUP_PAGE_SIZE, type TopUpOrder } from '../api';
import { useTopUps } from '../hooks/use-top-ups';

const COLUMNS: MessageKey[] = ['topupHistory.tradeNo', 'topupHistory.amount', 'topupHistory.money', 'topupHistory.method', 'topupHistory.created', 'topupHistory.completed', 'topupHistory.status'];

function StatusTag({ status }: { status: string }) {
  const t = useT();
  if (status === 'success') return <span className={`${tag.base} ${tag.green}`}>{t('topupHistory.status.success')}</span>;
  if (status === 'pending') return <span className={`${tag.base} ${tag.orange}`}>{t('topupHistory.status.pending')}</span>;
  return <span className={`${tag.base} ${tag.grey}`}>{status}</span>;
}

function OrderRow({ order, admin }: { order: TopUpOrder; admin: boolean }) {
  return (
    <tr data-testid="top-up-row" className={table.row}>
      {admin && <td className={table.cell}>{order.user_id}</td>}
      <td className={table.cell}>{order.trade_no}</td>
      <td className={table.cell}>{order.amount}</td>
      <td className={table.cell}>{order.money.toFixed(2)}</td>
      <td className={table.cell}>{order.payment_method}</td>
      <td className={table.cell}>{formatTime(order.create_time)}</td>
      <td className={table.cell}>{order.complete_time > 0 ? formatTime(order.complete_time) : '-'}</td>
      <td className={table.cell}><StatusTag status={order.status} /></td>
    </tr>
  );
}

/** Online top-up orders with their status: the user's own, everyone's (with the user) for administrators. */
export function TopUpHistory({ admin }: { admin: boolean }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const { data } = useTopUps(admin, page, keyword);
  const items = data?.items ?? [];
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="text-lg font-semibold">{t('topupHistory.title')}</h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('topupHistory.hint')}</p>
      <Field id="top-up-keyword" className="max-w-xs" label={t('topupHistory.keyword')} value={keyword} onChange={(e) => { setKeyword(e.target.value); setPage(1); }} />
      <DataTable columns={admin ? ['topupHistory.userId', ...COLUMNS] : COLUMNS} empty={items.length === 0}>
        {items.map((order) => <OrderRow key={order.id} order={order} admin={admin} />)}
      </DataTable>
      <Pager page={page} lastPage={lastPageOf(data?.total, TOPUP_PAGE_SIZE)} onPage={setPage} />
    </section>
  );
}
