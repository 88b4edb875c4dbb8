import type { GatewayDeps } from '../deps.js';
import type { Channel } from '../ports/channel-store.js';
import { Role } from '../ports/user-store.js';

/** The root user is the first account (bootstrap/root-user.ts creates it in an empty store) and cannot be deleted. */
const ROOT_USER_ID = 1;

export type RootNoticeDeps = Pick<GatewayDeps, 'users' | 'mailer'>;

/**
 * Mails the root user, as new-api does when a channel switches itself off or back on. It runs on
 * its own: an unset SMTP server or a root without an email only means no mail, and never delays
 * or fails the call or test that changed the channel.
 */
function mailRoot(deps: RootNoticeDeps, subject: string, text: string): void {
  void deps.users
    .byId(ROOT_USER_ID)
    .then((root) => (root && root.role >= Role.Root && root.email ? deps.mailer.send({ to: root.email, subject, html: `<p>${text}</p>` }) : null))
    .catch(() => null);
}

const label = (channel: Channel) => `通道「${channel.name}」（#${channel.id}）`;

export function notifyRootDisabled(deps: RootNoticeDeps, channel: Channel, reason: string): void {
  mailRoot(deps, `${label(channel)}已被禁用`, `${label(channel)}已被禁用，原因：${reason}`);
}

export function notifyRootEnabled(deps: RootNoticeDeps, channel: Channel): void {
  mailRoot(deps, `${label(channel)}已被启用`, `${label(channel)}已被启用`);
}
