import { Link, useSearchParams } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { useStoredUser } from '../../lib/stored-user';
import { AccessCard } from './sections/access-card';
import { BindingsCard } from './sections/bindings-card';
import { DeleteAccountCard } from './sections/delete-account-card';
import { ProfileCard } from './sections/profile-card';

const ROOT = 100;
const TABS: { id: string; label: MessageKey; root: boolean }[] = [
  { id: 'personal', label: 'setting.personal', root: false },
  { id: 'operation', label: 'setting.operation', root: true },
  { id: 'system', label: 'setting.system', root: true },
  { id: 'other', label: 'setting.other', root: true },
];

/** Settings, the tab in ?tab=: personal for everyone; operation, system and other for the super administrator. */
export function SettingPage() {
  const t = useT();
  const user = useStoredUser();
  const [params] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.root || (user?.role ?? 0) >= ROOT);
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  return (
    <div className="space-y-4">
      <nav className="flex gap-2 text-sm" aria-label={t('nav.setting')}>
        {tabs.map((tab) => (
          <Link key={tab.id} to={`/setting?tab=${tab.id}`} aria-current={tab.id === current?.id ? 'page' : undefined}
            className={`rounded px-3 py-1 ${tab.id === current?.id ? 'bg-indigo-600 text-white' : 'text-slate-600 dark:text-slate-300'}`}>
            {t(tab.label)}
          </Link>
        ))}
      </nav>
      {current?.id === 'personal' ? (
        <div className="grid gap-4 md:grid-cols-2">
          <ProfileCard />
          <div className="space-y-4">
            <AccessCard />
            <BindingsCard />
            <DeleteAccountCard />
          </div>
        </div>
      ) : (
        <section className={card}>{t('setting.rootOnly')}</section>
      )}
    </div>
  );
}
