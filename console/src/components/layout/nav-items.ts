import type { MessageKey } from '../../i18n/zh';
import type { ServerStatus } from '../../features/status/api';

/** A sidebar entry of the spec, with who may see it. */
export interface NavItem {
  to: string;
  label: MessageKey;
  adminOnly?: boolean;
  /** Only the super administrator (role 100) sees it. */
  rootOnly?: boolean;
  /** Shown only when this status flag is on. */
  flag?: keyof Pick<ServerStatus, 'enable_data_export' | 'enable_drawing' | 'enable_task'>;
}

export const navItems: NavItem[] = [
  { to: '/playground', label: 'nav.playground' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/channel', label: 'nav.channel', adminOnly: true },
  { to: '/chat', label: 'nav.chat' },
  { to: '/token', label: 'nav.token' },
  { to: '/redemption', label: 'nav.redemption', adminOnly: true },
  { to: '/topup', label: 'nav.topup' },
  { to: '/user', label: 'nav.user', adminOnly: true },
  { to: '/log', label: 'nav.log' },
  { to: '/statement', label: 'nav.statement' },
  { to: '/detail', label: 'nav.detail', flag: 'enable_data_export' },
  { to: '/ops', label: 'nav.ops', adminOnly: true },
  { to: '/midjourney', label: 'nav.midjourney', flag: 'enable_drawing' },
  { to: '/task', label: 'nav.task', flag: 'enable_task' },
  { to: '/import', label: 'nav.import', rootOnly: true },
  { to: '/audit', label: 'nav.audit', rootOnly: true },
  { to: '/setting', label: 'nav.setting' },
];

export function visibleNavItems(admin: boolean, status: ServerStatus | undefined, root = false): NavItem[] {
  return navItems.filter((item) => (!item.adminOnly || admin) && (!item.rootOnly || root) && (!item.flag || status?.[item.flag] === true));
}
