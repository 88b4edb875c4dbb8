import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { ChannelStatus } from '@tollgate/wire';
import type { ApiContext } from '../../api/support/context.js';
import { commaList } from '../../api/support/groups.js';
import { route } from '../../api/support/route.js';
import type { ChannelsContext } from '../../contexts/channels.js';

export type PublicPagesDeps = ChannelsContext;

/**
 * Calls new-api's console makes that Tollgate answers plainly: the legal texts (legal.* options;
 * an empty text, which the console reads as "not set", hides the page),
 * custom OAuth bindings (Tollgate has no custom OAuth providers, so none), and the models of the
 * enabled channels.
 */
export function registerPublicPageRoutes(app: FastifyInstance, { deps, guard }: ApiContext<PublicPagesDeps>): void {
  route(app, 'GET', '/user-agreement', null, async () => ok(deps.options.string('legal.user_agreement')));
  route(app, 'GET', '/privacy-policy', null, async () => ok(deps.options.string('legal.privacy_policy')));
  route(app, 'GET', '/user/oauth/bindings', guard.user, async () => ok([]));
  route(app, 'GET', '/channel/models_enabled', guard.admin, async () => {
    const models = new Set<string>();
    for (const channel of await deps.channels.all()) {
      if (channel.status === ChannelStatus.Enabled) for (const model of commaList(channel.models)) models.add(model);
    }
    return ok([...models].sort());
  });
}
