import { useT } from '../../i18n';
import { Button } from './button';

/** A form's cancel and submit buttons. */
export function FormActions({ onCancel, busy = false }: { onCancel(): void; busy?: boolean }) {
  const t = useT();
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>{t('token.cancel')}</Button>
      <Button type="submit" disabled={busy}>{t('token.submit')}</Button>
    </div>
  );
}
