import { MenuButton, MenuItem, MenuItems, Menu as HeadlessMenu } from '@headlessui/react';
import type { ReactNode } from 'react';
import { button, menu } from './tokens';

export interface MenuEntry {
  label: string;
  onSelect(): void;
}

/** A dropdown menu: a ghost button that opens a list of actions. */
export function Menu({ label, entries, testId }: { label: ReactNode; entries: MenuEntry[]; testId?: string }) {
  return (
    <HeadlessMenu as="div" className="relative">
      <MenuButton data-testid={testId} className={`${button.base} ${button.variant.outline}`}>
        {label}
      </MenuButton>
      <MenuItems anchor="bottom end" className={menu.items}>
        {entries.map((entry) => (
          <MenuItem key={entry.label}>
            <button type="button" onClick={entry.onSelect} className={menu.item}>
              {entry.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </HeadlessMenu>
  );
}
