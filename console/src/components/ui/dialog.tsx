import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { dialog } from './tokens';

/** A modal dialog, or with `side` a panel at that edge of the screen (the spec's side panels and drawers). */
export function Dialog({ open, onClose, title, side, children }: { open: boolean; onClose(): void; title: string; side?: 'left' | 'right'; children: ReactNode }) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className={dialog.backdrop} aria-hidden="true" />
      <div className={side ? dialog.sideFrame[side] : dialog.frame}>
        <DialogPanel className={side ? dialog.sidePanel : dialog.panel}>
          <DialogTitle className={dialog.title}>{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
