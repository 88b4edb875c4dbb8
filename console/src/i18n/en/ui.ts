import type { uiZh } from '../zh/ui';

export const uiEn: Record<keyof typeof uiZh, string> = {
  'navGroup.public': 'Explore',
  'navGroup.personal': 'Personal',
  'navGroup.admin': 'Administration',
  'nav.sidebar': 'Sidebar',
  'table.columns': 'Columns',
  'table.sortBy': 'Sort by {column}',
  'table.select': 'Select',
  'copy.copy': 'Copy',
  'copy.copied': 'Copied',
  'empty.title': 'Nothing here yet',
  'empty.firstToken': 'Create your first token',
  'empty.firstCode': 'Create the first redemption code',
  'empty.firstUser': 'Add the first user',
  'empty.firstChannel': 'Add the first channel',
  'live.connected': 'Live',
  'live.offline': 'Live updates disconnected',
  'common.close': 'Close',
};
