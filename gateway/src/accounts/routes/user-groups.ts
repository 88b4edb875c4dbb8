import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { ChannelStatus } from '@tollgate/wire';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { AUTO_GROUP, selectableGroups, usableGroups } from '../../options/user-groups.js';
import { groupRatioFor } from '../../billing/group-ratio.js';
import { commaList } from '../../api/support/groups.js';
import { route } from '../../api/support/route.js';
import type { ChannelsContext } from '../../contexts/channels.js';

export type UserGroupsDeps = ChannelsContext;

/**
 * new-api's answer to GET /api/user/self/groups: each group the user may pick, with its ratio and
 * its label (the UserUsableGroups text) as `desc`.
 */
function groupsWithRatios(options: ApiContext<UserGroupsDeps>['deps']['options'], userGroup: string) {
  const picked = Object.entries(selectableGroups(options, userGroup));
  // The ratio the user pays in each group (their own where GroupGroupRatio names one); `auto` has none of its own.
  const ratioOf = (group: string) => (group === AUTO_GROUP ? '自动' : groupRatioFor(options, { group, user: { group: userGroup } }).ratio);
  return Object.fromEntries(picked.map(([group, desc]) => [group, { ratio: ratioOf(group), desc }]));
}

/** Groups and the models they reach: the groups a user may pick for a token, the models of the usable ones, and the admin's group list. */
export function registerUserGroupRoutes(app: FastifyInstance, { deps, guard }: ApiContext<UserGroupsDeps>): void {
  // new-api serves the same answer under both paths; the shorter one would otherwise fall into /user/:id.
  for (const path of ['/user/self/groups', '/user/groups']) {
    route(app, 'GET', path, guard.user, async (request) => ok(groupsWithRatios(deps.options, signedIn(request).group)));
  }

  route(app, 'GET', '/user/models', guard.user, async (request) => {
    const groups = new Set(Object.keys(usableGroups(deps.options, signedIn(request).group)));
    const models = new Set<string>();
    for (const channel of await deps.channels.all()) {
      if (channel.status !== ChannelStatus.Enabled) continue;
      if (!commaList(channel.group).some((group) => groups.has(group))) continue;
      for (const model of commaList(channel.models)) models.add(model);
    }
    return ok([...models].sort());
  });

  route(app, 'GET', '/group/', guard.admin, async () => ok(Object.keys(deps.options.numberMap('GroupRatio'))));
}
