import { useT } from '../../i18n';
import { Dialog } from './dialog';

/** Shows text the browser refused to copy, to copy by hand (useClipboard's `manual`). */
export function ManualCopyDialog({ text, onClose }: { text: string | null; onClose(): void }) {
  const t = useT();
  return (
    <Dialog open={text !== null} onClose={onClose} title={t('copy.failed')}>
      <code className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">{text}</code>
    </Dialog>
  );
}
