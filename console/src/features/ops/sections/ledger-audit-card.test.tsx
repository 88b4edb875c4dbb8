import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import { renderPage, signIn } from '../../../test/render';
import { opsSeedQueryKey } from '../api';
import { OPS_LEDGER_AUDIT_EVENT, useLiveLedgerAudit } from '../live/use-live-ledger-audit';
import type { LedgerAuditSummary, OpsSeed } from '@tollgate/wire';
import { LedgerAuditCard } from './ledger-audit-card';
import { useOpsSeed } from '../hooks/use-ops-seed';

const ranAt = new Date(2026, 10, 26, 3, 4, 5).getTime();
const clean: LedgerAuditSummary = { ranAt, clean: true, settled: true, driftCount: 0, mismatchCount: 0, address: 'scheduled', link: '/audit/ledger' };
const drifted: LedgerAuditSummary = { ...clean, clean: false, driftCount: 2, mismatchCount: 1 };

afterEach(() => localStorage.removeItem('lang'));

describe('LedgerAuditCard', () => {
  it('shows a clean run: when, no drift, the counts, and the link to the ledger audit; no alert', () => {
    signIn(100, 1);
    renderPage(<LedgerAuditCard audit={clean} />);
    const card = screen.getByTestId('ops-ledger-audit');
    expect(card.getAttribute('role')).toBeNull();
    expect(within(card).getByText('无偏差')).toBeTruthy();
    expect(within(card).getByText('最近一次：2026-11-26 03:04:05')).toBeTruthy();
    expect(screen.getByTestId('ops-ledger-audit-counts').textContent).toBe('余额偏差 0 项，按日消耗不符 0 项');
    expect(within(card).getByRole('link', { name: '查看账本审计' }).getAttribute('href')).toBe('/audit/ledger');
  });

  it('turns into an alert on drift, with the counts, in English too', () => {
    localStorage.setItem('lang', 'en');
    signIn(100, 1);
    renderPage(<LedgerAuditCard audit={drifted} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Drift found')).toBeTruthy();
    expect(within(alert).getByTestId('ops-ledger-audit-counts').textContent).toBe('2 balances drifted, 1 user-days of consumption disagree');
    expect(within(alert).getByRole('link', { name: 'Open the ledger audit' }).getAttribute('href')).toBe('/audit/ledger');
  });

  it('shows an administrator who is not root the result without the link to root\'s page', () => {
    signIn(10, 3);
    renderPage(<LedgerAuditCard audit={drifted} />);
    expect(within(screen.getByRole('alert')).getByText('发现偏差')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a run the ledger moved under as not settled, without an alert', () => {
    signIn(100, 1);
    renderPage(<LedgerAuditCard audit={{ ...drifted, settled: false }} />);
    expect(within(screen.getByTestId('ops-ledger-audit')).getByText('未完成比对：审计期间账本仍在入账')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so before the first run', () => {
    renderPage(<LedgerAuditCard audit={null} />);
    expect(screen.getByTestId('ops-ledger-audit-counts').textContent).toBe('尚未运行过账本审计');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function LiveCard({ connect }: { connect: ReturnType<typeof fakeSocket>['connect'] }) {
  const { data } = useOpsSeed();
  useLiveLedgerAudit(connect);
  return <LedgerAuditCard audit={data?.ledgerAudit} />;
}

describe('useLiveLedgerAudit', () => {
  it('turns the clean card into an alert when a run with drift is pushed; applies no malformed push', async () => {
    const warn = expectRefusedPushes();
    const client = new QueryClient();
    client.setQueryData<OpsSeed>(opsSeedQueryKey, { minutes: [], channels: [], ledgerAudit: clean });
    const fake = fakeSocket();
    renderPage(<LiveCard connect={fake.connect} />, '/ops', client);
    expect(screen.queryByRole('alert')).toBeNull();
    fake.emit(OPS_LEDGER_AUDIT_EVENT, { clean: 'no' });
    expect(warn).toHaveBeenCalledOnce();
    expect(client.getQueryData<OpsSeed>(opsSeedQueryKey)?.ledgerAudit).toEqual(clean);
    fake.emit(OPS_LEDGER_AUDIT_EVENT, drifted);
    expect(within(await screen.findByRole('alert')).getByText('发现偏差')).toBeTruthy();
    await waitFor(() => expect(client.getQueryData<OpsSeed>(opsSeedQueryKey)?.ledgerAudit).toEqual(drifted));
  });
});
