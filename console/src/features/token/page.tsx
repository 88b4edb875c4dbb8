import { TokenStatus } from '@tollgate/wire';
import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ManualCopyDialog } from '../../components/ui/manual-copy-dialog';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import { SortableTable } from '../../components/ui/sortable-table';
import { useToast } from '../../components/ui/toast';
import { banner, input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useClipboard } from '../../lib/use-clipboard';
import { PAGE_SIZES, usePageSize } from '../../lib/use-page-size';
import { BalanceCard } from '../account/balance-card';
import { type Token, tokenApi } from './api';
import { useTokens } from './hooks/use-tokens';
import { TokenDialog } from './sections/token-dialog';
import { useTokenColumns } from './sections/token-columns';

/** Drawer state: closed, creating, or editing one token. */
type Editing = { token: Token | null } | null;

/** The search boxes: by name keyword and by key. */
function TokenSearchBar({ keyword, tokenKey, onSearch }: { keyword: string; tokenKey: string; onSearch(keyword: string, key: string): void }) {
  const t = useT();
  return (
    <>
      <input id="token-search" aria-label={t('token.search')} className={`${input.base} max-w-xs`} placeholder={t('token.search')} value={keyword} onChange={(e) => onSearch(e.target.value, tokenKey)} />
      <input id="token-search-key" aria-label={t('token.searchKey')} className={`${input.base} max-w-xs`} placeholder={t('token.searchKey')} value={tokenKey} onChange={(e) => onSearch(keyword, e.target.value)} />
    </>
  );
}

/** The user's API keys: list, search, create and edit in drawers, view and copy, enable or disable, delete; the live balance on top. */
export function TokenPage() {
  const t = useT();
  const notify = useToast();
  const clipboard = useClipboard();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize();
  const [search, setSearch] = useState({ keyword: '', key: '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const { data } = useTokens(page, pageSize, { keyword: search.keyword.trim(), key: search.key.trim() });
  const items = data?.items ?? [];
  const lastPage = lastPageOf(data?.total, pageSize);
  const select = (id: number, on: boolean) => setSelected((current) => new Set([...current].filter((x) => x !== id).concat(on ? [id] : [])));
  // The spec's format: one token a line, its name then its key, each key asked of the reveal call.
  const copySelected = async () => {
    const chosen = items.filter((token) => selected.has(token.id));
    if (chosen.length === 0) return notify(t('token.noneSelected'), 'error');
    const lines = await Promise.all(chosen.map(async (token) => `${token.name}    ${await tokenApi.revealKey(token.id)}`));
    void clipboard.copy(lines.join('\n'));
  };
  const copyOne = async (token: Token) => clipboard.copy(await tokenApi.revealKey(token.id));
  const columns = useTokenColumns({
    isSelected: (id) => selected.has(id),
    onSelect: select,
    onView: (token) => void tokenApi.revealKey(token.id).then((key) => setShown({ name: token.name, key })),
    onEdit: (token) => setEditing({ token }),
    onCopy: (token) => void copyOne(token),
  });
  return (
    <div className="space-y-4">
      <div role="note" className={banner.warning}>{t('token.banner')}</div>
      <BalanceCard />
      <div className="flex flex-wrap items-end gap-2">
        <TokenSearchBar keyword={search.keyword} tokenKey={search.key} onSearch={(keyword, key) => { setSearch({ keyword, key }); setPage(1); }} />
        <Button onClick={() => setEditing({ token: null })}>{t('token.add')}</Button>
        <Button variant="outline" onClick={copySelected}>{t('token.copySelected')}</Button>
        <div className="ml-auto w-28">
          <Select id="token-page-size" label={t('token.pageSize')} value={pageSize} options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))} onChange={(size) => { setPageSize(size); setPage(1); }} />
        </div>
      </div>
      {/* Server-paged (new-api's token list takes no sort): a header sorts the page shown. */}
      <SortableTable id="token" columns={columns} rows={data?.items} rowKey={(token) => token.id} caption={t('nav.token')}
        rowProps={(token) => ({ 'data-token-id': token.id, className: token.status === TokenStatus.Enabled ? '' : 'opacity-60' })}
        empty={<EmptyState title={t('log.noData')} action={{ label: t('empty.firstToken'), onClick: () => setEditing({ token: null }) }} />} />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
      {editing && <TokenDialog key={editing.token?.id ?? 'new'} editing={editing.token} open onClose={() => setEditing(null)} />}
      <Dialog open={shown !== null} onClose={() => setShown(null)} title={shown?.name ?? ''}>
        <div className="flex items-start gap-2">
          <code data-testid="token-key" className="block min-w-0 flex-1 break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">{shown?.key}</code>
          <CopyButton text={shown?.key ?? ''} label={t('token.copy')} />
        </div>
      </Dialog>
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </div>
  );
}
