import { newEventMetadata } from '@tollgate/ledger';
import { LogType } from '@tollgate/wire';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { Channel } from '../ports/documents/channel-store.js';
import { Role, type User } from '../ports/documents/user-store.js';

/** The root user is the first account (bootstrap/root-user.ts creates it in an empty store) and cannot be deleted. */
const ROOT_USER_ID = 1;

export type RootNoticeDeps = AccountsContext & MoneyContext;

/** A system row (type 4) in root's log that moves no quota: the admins' log shows what happened to the channel. */
function logForRoot(deps: RootNoticeDeps, root: User, text: string): Promise<void> {
  const data = { userId: root.id, username: root.username, amount: 0, logType: LogType.System, content: text };
  return deps.eventLog.append([{ type: 'QuotaGranted', data, metadata: newEventMetadata() }]);
}

function mailRoot(deps: RootNoticeDeps, root: User, subject: string, text: string): Promise<unknown> | null {
  return root.email ? deps.mailer.send({ to: root.email, subject, html: `<p>${text}</p>` }) : null;
}

/**
 * Tells the root user, as new-api does when a channel switches itself off or back on: a system log
 * row and a mail. It runs on its own: an unset SMTP server or a root without an email only means no
 * mail, and it never delays or fails the call or test that changed the channel. A notice that
 * could not be given is logged (the subject names the channel; the text, which may quote an
 * upstream's answer, is left out).
 */
function tellRoot(deps: RootNoticeDeps, subject: string, text: string): void {
  const failed = (what: string) => (error: unknown) => deps.log.warn({ err: error, subject }, `root notice: ${what} failed`);
  void deps.users
    .byId(ROOT_USER_ID)
    .then(async (root) => {
      if (!root || root.role < Role.Root) return;
      const [logged, mailed] = await Promise.allSettled([logForRoot(deps, root, text), mailRoot(deps, root, subject, text)]);
      if (logged.status === 'rejected') failed('the log row')(logged.reason);
      if (mailed.status === 'rejected') failed('the mail')(mailed.reason);
    })
    .catch(failed('reading the root user'));
}

const label = (channel: Channel) => `通道「${channel.name}」（#${channel.id}）`;

export function notifyRootDisabled(deps: RootNoticeDeps, channel: Channel, reason: string): void {
  tellRoot(deps, `${label(channel)}已被禁用`, `${label(channel)}已被禁用，原因：${reason}`);
}

export function notifyRootEnabled(deps: RootNoticeDeps, channel: Channel): void {
  tellRoot(deps, `${label(channel)}已被启用`, `${label(channel)}已被启用`);
}
