import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../api/page';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import type { LogEntry } from '../api';
import { emptyFilters, type LogFilters } from '../filters';
import { matchesFilters } from './log-row-match';
import { useLiveLogs } from './use-live-logs';

const row = (id: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  id, created_at: 1_700_000_100, type: 2, content: '', user_id: 3, username: 'amy', token_id: 8, token_name: 'ci', model_name: 'gpt-4o', quota: 12,
  prompt_tokens: 5, completion_tokens: 7, use_time: 1, is_stream: false, group: 'default', other: '{}', ...extra,
});

function setup(filters: LogFilters, admin: boolean, page = 1) {
  const client = new QueryClient();
  client.setQueryData<Page<LogEntry>>(['logs', filters, admin, 1], { items: [row('old')], total: 1, page: 1, page_size: 10 });
  const fake = fakeSocket();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveLogs(filters, admin, page, fake.connect), { wrapper });
  const shown = () => client.getQueryData<Page<LogEntry>>(['logs', filters, admin, 1]);
  return { ...fake, ...hook, shown };
}

describe('useLiveLogs', () => {
  it('puts a pushed row that matches the filters on top of page 1, once', () => {
    const { emit, shown } = setup({ ...emptyFilters, type: 2 }, false);
    emit('log', row('new'));
    emit('log', row('new'));
    emit('log', row('topup', { type: 1 }));
    expect(shown()?.items.map((r) => r.id)).toEqual(['new', 'old']);
    expect(shown()?.total).toBe(2);
  });

  it('leaves other pages and malformed pushes alone (the latter reported)', () => {
    const warn = expectRefusedPushes();
    const { emit, shown } = setup(emptyFilters, false, 2);
    emit('log', row('new'));
    emit('log', { id: 'x', quota: 'lots' });
    expect(shown()?.items.map((r) => r.id)).toEqual(['old']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"log"'), expect.any(Array));
  });

  it("returns the user's own RPM/TPM, or everyone's for admins", () => {
    const user = setup(emptyFilters, false);
    user.emit('throughput_all', { rpm: 90, tpm: 900 });
    user.emit('throughput', { rpm: 3, tpm: 36 });
    expect(user.result.current).toEqual({ rpm: 3, tpm: 36 });
    const admin = setup(emptyFilters, true);
    admin.emit('throughput_all', { rpm: 90, tpm: 900 });
    expect(admin.result.current).toEqual({ rpm: 90, tpm: 900 });
    admin.unmount();
    expect(admin.isDisconnected()).toBe(true);
  });
});

describe('matchesFilters', () => {
  it('applies type, token, model, time range, and for admins username and channel', () => {
    const r = row('r', { channel: 4 });
    expect(matchesFilters(r, emptyFilters, false)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'gpt-4o-mini' }, false)).toBe(false);
    expect(matchesFilters(r, { ...emptyFilters, start_timestamp: 1_700_000_101 }, false)).toBe(false);
    expect(matchesFilters(r, { ...emptyFilters, end_timestamp: 1_700_000_100 }, false)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, username: 'bob' }, true)).toBe(false);
    expect(matchesFilters(r, { ...emptyFilters, username: 'bob' }, false)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, channel: '4' }, true)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, channel: '5' }, true)).toBe(false);
  });

  it('matches the model as the server\'s LIKE pattern: % any run, _ one character, \\ escapes, case aside', () => {
    const r = row('r', { model_name: 'gpt-4o_mini' });
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'gpt%' }, false)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'GPT-4o%' }, false)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'gpt-4o_mini' }, false)).toBe(true);
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'gpt-4o\\_mini' }, false)).toBe(true);
    expect(matchesFilters(row('s', { model_name: 'gpt-4oXmini' }), { ...emptyFilters, model_name: 'gpt-4o\\_mini' }, false)).toBe(false);
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'claude%' }, false)).toBe(false);
    expect(matchesFilters(r, { ...emptyFilters, model_name: 'gpt.4o%' }, false)).toBe(false);
  });
});
