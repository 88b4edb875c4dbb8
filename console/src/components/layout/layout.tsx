import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useStatus } from '../../features/status/use-status';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

export function Layout() {
  const { data: status } = useStatus();
  const [open, setOpen] = useState<boolean | null>(null);
  const sidebarOpen = open ?? !status?.default_collapse_sidebar;
  return (
    <div className="flex min-h-screen flex-col">
      <Header onToggleSidebar={() => setOpen(!sidebarOpen)} />
      <div className="flex flex-1">
        <Sidebar open={sidebarOpen} />
        <main className="min-w-0 flex-1 p-4">
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
