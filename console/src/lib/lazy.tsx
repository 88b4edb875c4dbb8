import { type ComponentType, lazy } from 'react';
import { useT } from '../i18n';

/**
 * A named export as its own chunk, fetched on first render: route pages and parts a page shows only
 * sometimes, so /login does not download the charts, markdown, dialogs and every other page first.
 */
export function lazyExport<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/** Shown in the page's place while its chunk loads (normally a few milliseconds). */
export function PageLoading() {
  const t = useT();
  return (
    <p role="status" className="text-sm text-slate-500 dark:text-slate-400" data-testid="page-loading">
      {t('common.loading')}
    </p>
  );
}
