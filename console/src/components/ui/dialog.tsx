import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { dialog } from './tokens';

export function Dialog({ open, onClose, title, children }: { open: boolean; onClose(): void; title: string; children: ReactNode }) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className={dialog.backdrop} aria-hidden="true" />
      <div className={dialog.frame}>
        <DialogPanel className={dialog.panel}>
          <DialogTitle className={dialog.title}>{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
