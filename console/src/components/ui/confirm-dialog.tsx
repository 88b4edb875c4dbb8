import { Button } from './button';
import { Dialog } from './dialog';

/** Asks before an irreversible action (delete). In-page, so browser tests can click through it. */
export function ConfirmDialog({ open, title, confirmLabel, cancelLabel, onConfirm, onClose }: { open: boolean; title: string; confirmLabel: string; cancelLabel: string; onConfirm(): void; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
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
