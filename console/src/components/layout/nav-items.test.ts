import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../features/status/api';
import { groupedNavItems, visibleNavItems } from './nav-items';

const status = (flags: Partial<ServerStatus>) => ({ enable_data_export: false, enable_drawing: false, enable_task: false, ...flags }) as ServerStatus;
const paths = (admin: boolean, flags: Partial<ServerStatus> = {}) => visibleNavItems(admin, status(flags)).map((item) => item.to);

describe('sidebar entries', () => {
  it('hides admin entries and switched-off features from an ordinary user', () => {
    expect(paths(false)).toEqual(['/pricing', '/chat', '/playground', '/token', '/topup', '/subscription', '/log', '/statement', '/setting']);
  });

  it('shows channel, redemption, plan and user management to admins', () => {
    expect(paths(true)).toEqual(expect.arrayContaining(['/channel', '/redemption', '/plan', '/user']));
    expect(paths(false)).not.toContain('/plan');
  });

  it('shows the import to the super administrator only', () => {
    expect(paths(true)).not.toContain('/import');
    expect(visibleNavItems(true, status({}), true).map((item) => item.to)).toContain('/import');
  });

  it('shows the audit pages to root only, not to other admins', () => {
    expect(paths(true)).not.toContain('/audit');
    expect(visibleNavItems(true, status({}), true).map((item) => item.to)).toContain('/audit');
  });

  it('shows dashboard, drawing and tasks only when the status enables them', () => {
    expect(paths(false, { enable_data_export: true, enable_drawing: true, enable_task: true })).toEqual(expect.arrayContaining(['/detail', '/midjourney', '/task']));
    expect(paths(false, { enable_drawing: true })).not.toContain('/task');
  });

  it('groups them as the spec groups its roles: public, personal, administration (left out when empty)', () => {
    const group = (admin: boolean) => groupedNavItems(visibleNavItems(admin, status({}))).map((entry) => [entry.group, entry.items.map((item) => item.to)]);
    expect(group(true)).toEqual([
      ['public', ['/pricing', '/chat']],
      ['personal', ['/playground', '/token', '/topup', '/subscription', '/log', '/statement', '/setting']],
      ['admin', ['/channel', '/redemption', '/plan', '/user', '/ops']],
    ]);
    expect(group(false).map(([name]) => name)).toEqual(['public', 'personal']);
  });
});
