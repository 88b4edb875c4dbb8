import type { uiZh } from '../zh/ui';

export const uiEn: Record<keyof typeof uiZh, string> = {
  'navGroup.public': 'Explore',
  'navGroup.personal': 'Personal',
  'navGroup.admin': 'Administration',
  'nav.sidebar': 'Sidebar',
  'nav.closeMenu': 'Close menu',
  'table.columns': 'Columns',
  'table.sortAscending': 'ascending',
  'table.sortDescending': 'descending',
  'table.sortBy': 'Sort by {column}',
  'copy.copy': 'Copy',
  'copy.copied': 'Copied',
  'empty.title': 'Nothing here yet',
  'empty.hint': 'There is no content here yet.',
  'empty.clearFilters': 'Clear filters',
  'time.never': 'never',
  'live.connected': 'Live',
  'live.offline': 'Live updates disconnected',
  'confirm.cancel': 'Cancel',
};
