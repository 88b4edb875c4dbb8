import { Button } from '../../../components/ui/button';
import { input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';

/** A JSON text field with a button that fills in the template. */
export function JsonField({ id, label, hint, value, template, onChange }: { id: string; label: string; hint: string; value: string; template: string; onChange(value: string): void }) {
  const t = useT();
  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className={input.label}>{label}</label>
        <Button variant="ghost" onClick={() => onChange(template)}>{t('channel.fillTemplate')}</Button>
      </div>
      <textarea id={id} rows={4} className={`${input.base} font-mono`} placeholder={hint} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
