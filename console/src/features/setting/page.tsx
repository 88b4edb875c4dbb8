import { useSearchParams } from 'react-router-dom';
import { type TabItem, Tabs } from '../../components/ui/tabs';
import { useT } from '../../i18n';
import { useStoredUser } from '../../lib/stored-user';
import { operationGroups, otherGroups, systemGroups } from './options/option-groups';
import { MaintenanceCard, RootTab } from './options/root-tab';
import { AffinityCacheCard } from './options/affinity-cache-card';
import { AccessCard } from './sections/access-card';
import { BindingsCard } from './sections/bindings-card';
import { DeleteAccountCard } from './sections/delete-account-card';
import { ProfileCard } from './sections/profile-card';
import { TwoFactorCard } from './sections/two-factor-card';

const ROOT = 100;

function PersonalTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ProfileCard />
      <div className="space-y-4">
        <AccessCard />
        <TwoFactorCard />
        <BindingsCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}

/** Settings, the tab in ?tab=: personal for everyone; operation, system and other for the super administrator. */
export function SettingPage() {
  const t = useT();
  const user = useStoredUser();
  const [params, setParams] = useSearchParams();
  const items: TabItem[] = [{ id: 'personal', label: t('setting.personal'), panel: <PersonalTab /> }];
  if ((user?.role ?? 0) >= ROOT) {
    items.push(
      { id: 'operation', label: t('setting.operation'), panel: <RootTab groups={operationGroups} after={{ affinity: <AffinityCacheCard /> }}><MaintenanceCard /></RootTab> },
      { id: 'system', label: t('setting.system'), panel: <RootTab groups={systemGroups} /> },
      { id: 'other', label: t('setting.other'), panel: <RootTab groups={otherGroups} /> },
    );
  }
  const selected = Math.max(0, items.findIndex((item) => item.id === params.get('tab')));
  return <Tabs label={t('nav.setting')} items={items} selected={selected} onSelect={(index) => setParams({ tab: items[index]?.id ?? 'personal' })} />;
}
