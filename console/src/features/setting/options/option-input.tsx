import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { input } from '../../../components/ui/tokens';
import { useI18n } from '../../../i18n';
import type { OptionField } from './option-groups';
import { optionLabel } from './option-labels';

/** One option's editor, by kind, labelled in the console's language; `id` is the option key so tests find it. */
export function OptionInput({ field, value, onChange }: { field: OptionField; value: string; onChange(value: string): void }) {
  const { key, kind } = field;
  const label = optionLabel(key, useI18n().lang);
  if (kind === 'switch') return <Switch checked={value === 'true'} onChange={(on) => onChange(String(on))} label={label} />;
  if (kind === 'choice') return <Select id={`option-${key}`} label={label} value={value} options={(field.choices ?? []).map((choice) => ({ value: choice, label: choice }))} onChange={onChange} />;
  if (kind === 'textarea' || kind === 'json') {
    return (
      <div className="md:col-span-2">
        <label htmlFor={`option-${key}`} className={input.label}>{label}</label>
        <textarea id={`option-${key}`} rows={kind === 'json' ? 6 : 3} className={`${input.base} font-mono`} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    );
  }
  const type = kind === 'number' ? 'number' : kind === 'secret' ? 'password' : 'text';
  return <Field id={`option-${key}`} title={key} label={label} type={type} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />;
}
