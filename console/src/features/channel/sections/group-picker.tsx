import { input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { useChannelGroups } from '../hooks/use-channels';

/** The groups the channel serves, picked from the known groups (and any it already had). */
export function GroupPicker({ groups, onChange }: { groups: string[]; onChange(groups: string[]): void }) {
  const t = useT();
  const { data: known } = useChannelGroups();
  const choices = [...new Set([...(known ?? []), ...groups])];
  const toggle = (group: string) => onChange(groups.includes(group) ? groups.filter((g) => g !== group) : [...groups, group]);
  return (
    <fieldset>
      <legend className={input.label}>{t('channel.group')}</legend>
      <div className="flex flex-wrap gap-3">
        {choices.map((group) => (
          <label key={group} className="flex items-center gap-1 text-sm">
            <input type="checkbox" checked={groups.includes(group)} onChange={() => toggle(group)} />
            {group}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
