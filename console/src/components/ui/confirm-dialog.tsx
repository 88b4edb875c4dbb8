import { Button } from './button';
import { Dialog } from './dialog';

/** Asks before an irreversible action (delete), with an optional warning. In-page, so browser tests can click through it. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, onConfirm, onClose }: { open: boolean; title: string; description?: string; confirmLabel: string; cancelLabel: string; onConfirm(): void; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {description && <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
