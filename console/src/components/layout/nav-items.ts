import { BarChart3, Bot, CircleDollarSign, DatabaseZap, FileText, Gauge, Image, KeyRound, ListChecks, type LucideIcon, Crown, PackagePlus, MessageSquare, Network, Receipt, Settings, ShieldCheck, Ticket, Users, Wallet } from 'lucide-react';
import type { MessageKey } from '../../i18n/zh';
import type { ServerStatus } from '../../features/status/api';

/** The spec's groups (its roles section): what a visitor may open, a signed-in user's own pages, administration. */
export const navGroups = ['public', 'personal', 'admin'] as const;
export type NavGroup = (typeof navGroups)[number];

/** A sidebar entry of the spec, with its group, its icon and who may see it. */
export interface NavItem {
  to: string;
  label: MessageKey;
  group: NavGroup;
  icon: LucideIcon;
  adminOnly?: boolean;
  /** Only the super administrator (role 100) sees it. */
  rootOnly?: boolean;
  /** Shown only when this status flag is on. */
  flag?: keyof Pick<ServerStatus, 'enable_data_export' | 'enable_drawing' | 'enable_task'>;
}

/** In the spec's order within each group. */
export const navItems: NavItem[] = [
  { to: '/pricing', label: 'nav.pricing', group: 'public', icon: CircleDollarSign },
  { to: '/chat', label: 'nav.chat', group: 'public', icon: MessageSquare },
  { to: '/playground', label: 'nav.playground', group: 'personal', icon: Bot },
  { to: '/token', label: 'nav.token', group: 'personal', icon: KeyRound },
  { to: '/topup', label: 'nav.topup', group: 'personal', icon: Wallet },
  { to: '/subscription', label: 'nav.subscription', group: 'personal', icon: Crown },
  { to: '/log', label: 'nav.log', group: 'personal', icon: FileText },
  { to: '/detail', label: 'nav.detail', group: 'personal', icon: BarChart3, flag: 'enable_data_export' },
  { to: '/midjourney', label: 'nav.midjourney', group: 'personal', icon: Image, flag: 'enable_drawing' },
  { to: '/task', label: 'nav.task', group: 'personal', icon: ListChecks, flag: 'enable_task' },
  { to: '/statement', label: 'nav.statement', group: 'personal', icon: Receipt },
  { to: '/setting', label: 'nav.setting', group: 'personal', icon: Settings },
  { to: '/channel', label: 'nav.channel', group: 'admin', icon: Network, adminOnly: true },
  { to: '/redemption', label: 'nav.redemption', group: 'admin', icon: Ticket, adminOnly: true },
  { to: '/plan', label: 'nav.plans', group: 'admin', icon: PackagePlus, adminOnly: true },
  { to: '/user', label: 'nav.user', group: 'admin', icon: Users, adminOnly: true },
  { to: '/ops', label: 'nav.ops', group: 'admin', icon: Gauge, adminOnly: true },
  { to: '/import', label: 'nav.import', group: 'admin', icon: DatabaseZap, rootOnly: true },
  { to: '/audit', label: 'nav.audit', group: 'admin', icon: ShieldCheck, rootOnly: true },
];

export function visibleNavItems(admin: boolean, status: ServerStatus | undefined, root = false): NavItem[] {
  return navItems.filter((item) => (!item.adminOnly || admin) && (!item.rootOnly || root) && (!item.flag || status?.[item.flag] === true));
}

/** The visible entries by group, leaving out groups with nothing to show. */
export function groupedNavItems(items: NavItem[]): { group: NavGroup; items: NavItem[] }[] {
  return navGroups.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter((entry) => entry.items.length > 0);
}
