import type { EventLog } from '@tollgate/ledger';
import { describe, expect, it, vi } from 'vitest';
import { spareContexts } from '../../test/fakes/spare-contexts.js';
import { InMemoryUserStore } from '../../test/fakes/relay-stores.js';
import type { Channel } from '../ports/documents/channel-store.js';
import { newUser } from '../ports/documents/user-store.contract.js';
import { Role, type UserStore } from '../ports/documents/user-store.js';
import type { Mailer } from '../ports/mailer.js';
import { notifyRootDisabled, notifyRootEnabled } from './root-notice.js';

const channel = { id: 7, name: 'openai-main' } as Channel;

/** Root, with an email, over a log and a mailer that both fail; the log is a spy. */
async function failingNotice(users: UserStore = new InMemoryUserStore()) {
  if (users instanceof InMemoryUserStore) await users.create(newUser({ username: 'root', role: Role.Root, email: 'root@example.com' }));
  const log = { ...spareContexts().log, warn: vi.fn() };
  const eventLog = { append: () => Promise.reject(new Error('event log away')) } as unknown as EventLog;
  const mailer: Mailer = { send: () => Promise.reject(new Error('SMTP refused')) };
  return { deps: { ...spareContexts(), users, eventLog, mailer, log }, warn: log.warn };
}

describe('root notices', () => {
  it('logs a log row and a mail that could not be given, at warn with the error, instead of swallowing them', async () => {
    const { deps, warn } = await failingNotice();
    notifyRootDisabled(deps, channel, 'status code 401: sk-upstream-secret');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    const lines = warn.mock.calls.map(([details, message]) => ({ details: details as { err: Error; subject: string }, message: message as string }));
    expect(lines.map((line) => line.message)).toEqual(['root notice: the log row failed', 'root notice: the mail failed']);
    expect(lines.map((line) => line.details.err.message)).toEqual(['event log away', 'SMTP refused']);
    expect(lines[0]?.details.subject).toContain('#7');
    // The reason may quote an upstream's answer: it stays out of the log line.
    expect(JSON.stringify(warn.mock.calls)).not.toContain('sk-upstream-secret');
  });

  it('logs a root user that could not be read', async () => {
    const users = { byId: () => Promise.reject(new Error('document store away')) } as unknown as UserStore;
    const { deps, warn } = await failingNotice(users);
    notifyRootEnabled(deps, channel);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(warn.mock.calls[0]?.[1]).toBe('root notice: reading the root user failed');
  });
});
