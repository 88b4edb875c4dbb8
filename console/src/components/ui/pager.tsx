import { useT } from '../../i18n';
import { Button } from './button';

/** Previous and next over pages counted from 1, as the API counts them. */
export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage(page: number): void }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2 text-sm">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('page.prev')}</Button>
      <span>{page} / {lastPage}</span>
      <Button variant="outline" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>{t('page.next')}</Button>
    </div>
  );
}
