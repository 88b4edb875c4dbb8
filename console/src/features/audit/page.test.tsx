import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { LedgerAuditPage } from './ledger-page';
import { AuditPage } from './page';

const event = (id: string, type: string, extra: object = {}) => ({
  id, type, version: 1, occurred_at: 1_700_000_000_000, actor_id: 1, actor_name: 'root', address: '203.0.113.7', target_kind: 'user', target_id: '5',
  before: { quota: 0 }, after: { quota: 500 }, detail: null, ...extra,
});
const events = { items: [event('b', 'UserUpdated'), event('a', 'OptionUpdated', { target_kind: 'option', target_id: 'SMTPToken', before: { value: { set: false, fingerprint: '' } } })], total: 2, page: 1, page_size: 20 };

const run = (id: string, clean: boolean, extra: object = {}) => ({
  id, ran_at: 1_700_000_000_000, actor_name: 'system', address: 'scheduled', clean, settled: true, events_folded: 42, users_checked: 2, tokens_checked: 2,
  days_compared: 3, drift_count: clean ? 0 : 1, mismatch_count: 0, drifts: clean ? [] : [{ account: 'user', id: 2, field: 'quota', expected: 100, actual: 877 }], consumption_mismatches: [], ...extra,
});

describe('AuditPage', () => {
  it('lists the events with actor, address, target and before/after, filters kept in the URL', async () => {
    signIn(100, 1);
    const calls = stubApi({ '/api/audit/?': events, '/api/status': {} });
    renderPage(<AuditPage />, '/audit?actor=root&type=UserUpdated');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(rows[0]!).getByText('user 5')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('audit-after').textContent).toContain('500');
    expect(calls.map((c) => c.url)).toContain('/api/audit/?actor=root&type=UserUpdated&p=1&page_size=20');
    fireEvent.change(screen.getByLabelText('对象类型'), { target: { value: 'channel' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/audit/?actor=root&type=UserUpdated&target_kind=channel&p=1&page_size=20'));
  });

  it('names a user\'s own sign-in changes in words, with the type beside them; admin writes keep their type name', async () => {
    signIn(100, 1);
    const own = { items: [event('c', 'PasswordChanged', { actor_name: 'alice', before: null, after: null }), event('d', 'SetupCompleted'), event('e', 'UserUpdated')], total: 3, page: 1, page_size: 20 };
    stubApi({ '/api/audit/?': own, '/api/status': {} });
    renderPage(<AuditPage />, '/audit');
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0]!).getByText('修改密码 (PasswordChanged)')).toBeTruthy();
    expect(within(rows[1]!).getByText('完成初始化向导 (SetupCompleted)')).toBeTruthy();
    expect(within(rows[2]!).getByText('UserUpdated')).toBeTruthy();
  });

  it('exports the filtered trail as CSV with the New-Api-User header a plain link could not send', async () => {
    signIn(100, 1);
    const calls = stubApi({ '/api/audit/?': events, '/api/audit/export': 'csv', '/api/status': {} });
    URL.createObjectURL = vi.fn(() => 'blob:audit');
    URL.revokeObjectURL = vi.fn();
    renderPage(<AuditPage />, '/audit?actor=root');
    await screen.findAllByTestId('audit-row');
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(calls.find((c) => c.url.startsWith('/api/audit/export'))?.url).toBe('/api/audit/export?format=csv&actor=root'));
    expect(calls.find((c) => c.url.startsWith('/api/audit/export'))?.headers.get('New-Api-User')).toBe('1');
  });
});

describe('LedgerAuditPage', () => {
  it('shows the latest result and every run with its drifts, and runs one on demand', async () => {
    signIn(100, 1);
    const calls = stubApi({ '/api/ledger_audit/?': { latest: run('2', false), items: [run('2', false), run('1', true)], total: 2, page: 1, page_size: 20 }, 'POST /api/ledger_audit/': run('3', true), '/api/status': {} });
    renderPage(<LedgerAuditPage />, '/audit/ledger');
    const rows = await screen.findAllByTestId('ledger-audit-row');
    expect(rows.map((row) => within(row).getByTestId('ledger-audit-result').textContent)).toEqual(['有偏差', '无偏差']);
    expect(within(rows[0]!).getByText('user 2 quota: 877 ≠ 100')).toBeTruthy();
    expect(within(screen.getByTestId('ledger-audit-latest')).getByText('有偏差')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即审计' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/ledger_audit/')).toBe(true));
  });
});
