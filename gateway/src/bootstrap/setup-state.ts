import type { CoreContext } from '../contexts/core.js';
import { Role, type User } from '../ports/documents/user-store.js';

export type SetupStateDeps = CoreContext;

/**
 * Setup counts as done once an administrator has a password of its own: from then on the
 * first-run wizard, which anyone may call, can no longer set root's password. Called wherever an
 * administrator's password is set (its own change, a reset by mail, an edit by root) and when a
 * user with a password becomes one. The option is durable; the wizard also checks root's password
 * itself, so a path that forgets to call this still cannot be taken over.
 */
export async function noteAdministratorPassword(deps: SetupStateDeps, user: Pick<User, 'role'>): Promise<void> {
  if (user.role < Role.Admin || deps.options.boolean('SetupCompleted')) return;
  await deps.options.set('SetupCompleted', 'true');
  deps.notices.publish('options');
}
