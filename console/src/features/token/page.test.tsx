import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { TokenPage } from './page';

const token = (id: number, name: string, extra = {}) => ({
  id, name, key: 'k'.repeat(48), status: 1, remain_quota: 1_000, used_quota: 0, unlimited_quota: false, created_time: 1_700_000_000, expired_time: -1, ...extra,
});

describe('TokenPage', () => {
  it('lists the tokens of the first page with their status, quota and expiry', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 2, username: 'u', role: 1 }));
    const calls = stubApi({
      '/api/token/?': { items: [token(1, 'alpha'), token(2, 'beta', { status: 2, unlimited_quota: true })], total: 2, page: 0, page_size: 10 },
      '/api/user/self': { id: 2, username: 'u', quota: 5, used_quota: 0, request_count: 0, group: 'default' },
      '/api/status': { system_name: 'T', display_in_currency: false, quota_per_unit: 500000 },
    });
    renderPage(<TokenPage />, '/token');
    const rows = await screen.findAllByTestId('token-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('alpha'), expect.stringContaining('beta')]);
    expect(rows[0]?.textContent).toContain('已启用');
    expect(rows[1]?.textContent).toContain('已禁用');
    expect(rows[1]?.textContent).toContain('无限制');
    expect(rows[0]?.textContent).toContain('永不过期');
    expect(calls).toContain('/api/token/?p=0&size=10');
  });
});
