import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useStatus } from '../../features/status/hooks/use-status';
import { useT } from '../../i18n';
import { PageLoading } from '../../lib/lazy';
import { banner } from '../ui/tokens';
import { Footer } from './footer';
import { Header } from './header';
import { NewYearGreeting } from './new-year';
import { Sidebar } from './sidebar';
import { useBranding } from './use-branding';
import { useSidebar } from './use-sidebar';

const SIDEBAR_ID = 'sidebar';

/** The shell: header, sidebar (collapsing on mobile), the page (a small fallback while its chunk loads), footer; the tab's title and icon follow the brand. */
export function Layout() {
  const t = useT();
  const { data: status, isError } = useStatus();
  const sidebar = useSidebar(status?.default_collapse_sidebar ?? false);
  useBranding(status);
  return (
    <div className="flex min-h-screen flex-col">
      <Header onToggleSidebar={sidebar.toggle} sidebarOpen={sidebar.shown} sidebarId={SIDEBAR_ID} />
      <div className="flex flex-1">
        <Sidebar id={SIDEBAR_ID} className={sidebar.className} />
        {sidebar.open && <div aria-hidden className="fixed inset-0 top-14 z-30 bg-slate-900/40 md:hidden" onClick={sidebar.close} data-testid="sidebar-backdrop" />}
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {isError && !status && (
            <div role="alert" className={`${banner.warning} mb-4`}>
              {t('status.unreachable')}
            </div>
          )}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
      <NewYearGreeting />
    </div>
  );
}
