import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { Dialog } from '../../components/ui/dialog';
import { banner, input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { BalanceCard } from '../account/balance-card';
import { TokenDialog } from './sections/token-dialog';
import { TokenRow } from './sections/token-row';
import { TOKEN_PAGE_SIZE, useTokens } from './hooks/use-tokens';

const COLUMNS = ['token.name', 'token.status', 'token.used', 'token.remain', 'token.created', 'token.expiry', 'token.actions'] as const;

/** The user's API keys: list, search, create, copy, enable or disable, delete; the live balance on top. */
export function TokenPage() {
  const t = useT();
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const { data } = useTokens(page, keyword.trim());
  const lastPage = Math.max(0, Math.ceil((data?.total ?? 0) / TOKEN_PAGE_SIZE) - 1);
  return (
    <div className="space-y-4">
      <div role="note" className={banner.warning}>{t('token.banner')}</div>
      <BalanceCard />
      <div className="flex gap-2">
        <input id="token-search" aria-label={t('token.search')} className={`${input.base} max-w-xs`} placeholder={t('token.search')} value={keyword} onChange={(e) => { setKeyword(e.target.value); setPage(0); }} />
        <Button onClick={() => setCreating(true)}>{t('token.add')}</Button>
      </div>
      <DataTable columns={COLUMNS} empty={data?.items.length === 0}>
        {data?.items.map((token) => <TokenRow key={token.id} token={token} onCopyFailed={setManualCopy} />)}
      </DataTable>
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
      <TokenDialog open={creating} onClose={() => setCreating(false)} />
      <Dialog open={manualCopy !== null} onClose={() => setManualCopy(null)} title={t('copy.failed')}>
        <code className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">{manualCopy}</code>
      </Dialog>
    </div>
  );
}
