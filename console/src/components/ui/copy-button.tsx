import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n';
import { useClipboard } from '../../lib/use-clipboard';
import { ManualCopyDialog } from './manual-copy-dialog';

/** An icon button that copies `text` (or what `getText` fetches, such as a key to reveal); when the browser refuses, the text shows for copying by hand. */
export function CopyButton({ text, getText, label }: { text?: string; getText?: () => Promise<string>; label?: string }) {
  const t = useT();
  const clipboard = useClipboard();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const value = text ?? (await getText?.()) ?? '';
    if (await clipboard.copy(value)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    }
  };
  const name = label ?? t('copy.copy');
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={copied ? t('copy.copied') : name} title={name} data-testid="copy-button"
        className="inline-flex h-7 w-7 items-center justify-center rounded text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-100">
        {copied ? <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
      </button>
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </>
  );
}
