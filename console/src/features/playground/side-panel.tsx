import { Field } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { card, input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { type UserGroup, useUserGroups, useUserModels } from './api';
import type { ChatSettings } from './use-chat';

interface ChoiceProps {
  id: string;
  label: string;
  value: string;
  options: string[];
  /** The text shown for an option, when it is not the option itself. */
  captions?: Record<string, string>;
  onChange(value: string): void;
}

function Choice({ id, label, value, options, captions = {}, onChange }: ChoiceProps) {
  const list = options.includes(value) ? options : [value, ...options];
  return (
    <div>
      <label htmlFor={id} className={input.label}>{label}</label>
      <select id={id} className={input.base} value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((option) => <option key={option} value={option}>{captions[option] ?? (option || '-')}</option>)}
      </select>
    </div>
  );
}

/** Each group shown as new-api's picker shows it: name, label and ratio. */
const groupCaptions = (groups: UserGroup[]) => Object.fromEntries(groups.map((g) => [g.name, `${g.name} · ${g.desc} (${g.ratio}x)`]));

/** Group, model, sampling, max tokens, system prompt and stream switch of the playground. */
export function SidePanel({ settings, onChange }: { settings: ChatSettings; onChange(next: ChatSettings): void }) {
  const t = useT();
  const { data: models = [] } = useUserModels();
  const { data: groups = [] } = useUserGroups();
  const set = <K extends keyof ChatSettings>(key: K, value: ChatSettings[K]) => onChange({ ...settings, [key]: value });
  return (
    <aside className={`${card} space-y-3`}>
      <Choice id="pg-group" label={t('playground.group')} value={settings.group} options={groups.map((g) => g.name)} captions={groupCaptions(groups)} onChange={(v) => set('group', v)} />
      <Choice id="pg-model" label={t('playground.model')} value={settings.model} options={models} onChange={(v) => set('model', v)} />
      <Field id="pg-temperature" label={`${t('playground.temperature')} ${settings.temperature}`} type="range" min={0.1} max={1} step={0.1}
        value={settings.temperature} onChange={(e) => set('temperature', Number(e.target.value))} />
      <Field id="pg-top-p" label={`top_p ${settings.top_p}`} type="range" min={0.1} max={1} step={0.1} value={settings.top_p} onChange={(e) => set('top_p', Number(e.target.value))} />
      <Field id="pg-max-tokens" label={t('playground.maxTokens')} type="number" min={0} value={settings.max_tokens ?? 0} onChange={(e) => set('max_tokens', Math.max(0, Math.trunc(Number(e.target.value))))} />
      <div>
        <label htmlFor="pg-system" className={input.label}>{t('playground.system')}</label>
        <textarea id="pg-system" rows={4} className={input.base} value={settings.systemPrompt} onChange={(e) => set('systemPrompt', e.target.value)} />
      </div>
      <Switch checked={settings.stream} onChange={(on) => set('stream', on)} label={t('playground.stream')} />
    </aside>
  );
}
