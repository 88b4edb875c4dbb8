import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { dialog } from './tokens';

/** A modal dialog, or with `side` a panel sliding in from the right (the spec's side panels). */
export function Dialog({ open, onClose, title, side = false, children }: { open: boolean; onClose(): void; title: string; side?: boolean; children: ReactNode }) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className={dialog.backdrop} aria-hidden="true" />
      <div className={side ? dialog.sideFrame : dialog.frame}>
        <DialogPanel className={side ? dialog.sidePanel : dialog.panel}>
          <DialogTitle className={dialog.title}>{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
