import { useState } from 'react';
import { useToast } from '../components/ui/toast';
import { useT } from '../i18n';

/** Copies text and says so; when the browser refuses, `manual` holds the text to show for copying by hand. */
export function useClipboard() {
  const t = useT();
  const notify = useToast();
  const [manual, setManual] = useState<string | null>(null);
  /** True when the text is on the clipboard. */
  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      notify(t('copy.done'));
      return true;
    } catch {
      setManual(text);
      return false;
    }
  };
  return { copy, manual, dismissManual: () => setManual(null) };
}
