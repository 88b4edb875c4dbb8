import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { SortableTable } from '../../components/ui/sortable-table';
import { Dialog } from '../../components/ui/dialog';
import { ManualCopyDialog } from '../../components/ui/manual-copy-dialog';
import { useToast } from '../../components/ui/toast';
import { input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useClipboard } from '../../lib/use-clipboard';
import type { Redemption } from './api';
import { REDEMPTION_PAGE_SIZE, useRedemptions } from './hooks/use-redemptions';
import { RedemptionDialog } from './sections/redemption-dialog';
import { useRedemptionColumns } from './sections/redemption-columns';

/** Code dialog state: closed, creating, or editing one. */
type Editing = { code: Redemption | null } | null;

/** Administrators' redemption codes: search, create in batches, copy, enable or disable, edit, delete. */
export function RedemptionPage() {
  const t = useT();
  const notify = useToast();
  const clipboard = useClipboard();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<string[] | null>(null);
  const { data } = useRedemptions(page, keyword.trim());
  const items = data?.items ?? [];
  const lastPage = lastPageOf(data?.total, REDEMPTION_PAGE_SIZE);
  const select = (id: number, on: boolean) => setSelected((current) => new Set([...current].filter((x) => x !== id).concat(on ? [id] : [])));
  const columns = useRedemptionColumns({
    isSelected: (id) => selected.has(id),
    onSelect: select,
    onView: (code) => setShown([code.key]),
    onCopy: (code) => void clipboard.copy(code.key),
    onEdit: (code) => setEditing({ code }),
  });
  const copySelected = () => {
    const keys = items.filter((code) => selected.has(code.id)).map((code) => code.key);
    if (keys.length === 0) return notify(t('redemption.noneSelected'), 'error');
    void clipboard.copy(keys.join('\n'));
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <input id="redemption-search" aria-label={t('redemption.search')} className={`${input.base} max-w-xs`} placeholder={t('redemption.search')} value={keyword} onChange={(e) => { setKeyword(e.target.value); setPage(1); }} />
        <Button onClick={() => setEditing({ code: null })}>{t('redemption.add')}</Button>
        <Button variant="outline" onClick={copySelected}>{t('redemption.copySelected')}</Button>
      </div>
      {/* Server-paged (new-api's redemption list takes no sort): a header sorts the page shown. */}
      <SortableTable id="redemption" columns={columns} rows={data?.items} rowKey={(code) => code.id} caption={t('nav.redemption')} rowProps={(code) => ({ 'data-redemption-id': code.id })}
        empty={<EmptyState title={t('log.noData')} action={{ label: t('empty.firstCode'), onClick: () => setEditing({ code: null }) }} />} />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
      {editing && <RedemptionDialog key={editing.code?.id ?? 'new'} editing={editing.code} open onClose={() => setEditing(null)} onCreated={setShown} />}
      <Dialog open={shown !== null} onClose={() => setShown(null)} title={t('redemption.key')}>
        <div className="flex items-start gap-2">
          <pre data-testid="redemption-keys" className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">{shown?.join('\n')}</pre>
          <CopyButton text={shown?.join('\n') ?? ''} label={t('token.copy')} />
        </div>
      </Dialog>
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </div>
  );
}
