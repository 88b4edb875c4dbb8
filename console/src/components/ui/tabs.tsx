import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  panel: ReactNode;
}

/** Headless UI tabs in the console's tokens; the caller owns the selection (e.g. from the URL). */
export function Tabs({ items, selected, onSelect, label }: { items: TabItem[]; selected: number; onSelect(index: number): void; label: string }) {
  return (
    <TabGroup selectedIndex={selected} onChange={onSelect}>
      <TabList aria-label={label} className="flex flex-wrap gap-2 text-sm">
        {items.map((item) => (
          <Tab key={item.id} className="rounded px-3 py-1 text-slate-600 outline-none data-selected:bg-indigo-600 data-selected:text-white dark:text-slate-300">
            {item.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {items.map((item) => (
          <TabPanel key={item.id}>{item.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
