import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MoneyContext } from '../../contexts/money.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { channelsWithBalances } from './channel-fields.js';
import type { ApiContext } from '../../api/support/context.js';
import { commaList } from '../../api/support/groups.js';
import { idParams, parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';

export type ChannelDeps = MoneyContext & ChannelsContext;

const listQuery = z.object({ p: queryInt, page_size: queryInt, id_sort: queryString });
const searchQuery = z.object({ keyword: queryString, group: queryString, model: queryString });

/** new-api's channel search: id or key exactly, name or base URL containing the keyword; group and model filters. */
function matches(channel: Channel, query: z.infer<typeof searchQuery>): boolean {
  const { keyword, group, model } = query;
  if (keyword && !(String(channel.id) === keyword || channel.key === keyword || channel.name.includes(keyword) || channel.baseUrl.includes(keyword))) return false;
  if (group && !commaList(channel.group).includes(group)) return false;
  return !model || channel.models.includes(model);
}

/** Every model name the gateway knows: priced models and the models channels serve, OpenAI's list shape. */
async function knownModels(deps: ChannelDeps) {
  const names = new Set(Object.keys(deps.options.numberMap('ModelRatio')));
  for (const channel of await deps.channels.all()) for (const model of commaList(channel.models)) names.add(model);
  return [...names].sort().map((id) => ({ id, object: 'model', created: 1626777600, owned_by: 'tollgate' }));
}

/** Administrators' channel reads. Writes live in channel-write.ts. */
export function registerChannelRoutes(app: FastifyInstance, { deps, guard }: ApiContext<ChannelDeps>): void {
  route(app, 'GET', '/channel/', guard.admin, async (request) => {
    const q = parseInput(listQuery, request.query);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const result = await deps.channels.list({ offset, limit: pageSize, idSort: q.id_sort === 'true' });
    return ok(pageOf(await channelsWithBalances(deps, result.items), result.total, page, pageSize));
  });

  route(app, 'GET', '/channel/search', guard.admin, async (request) => {
    const q = parseInput(searchQuery, request.query);
    const found = (await deps.channels.all()).filter((channel) => matches(channel, q)).reverse();
    return ok(pageOf(await channelsWithBalances(deps, found), found.length, 1, found.length));
  });

  route(app, 'GET', '/channel/models', guard.admin, async () => ok(await knownModels(deps)));

  route(app, 'GET', '/channel/:id', guard.admin, async (request) => {
    const channel = await deps.channels.byId(parseInput(idParams, request.params).id);
    if (!channel) throw new ApiFailure('渠道不存在');
    const [wire] = await channelsWithBalances(deps, [channel]);
    return ok(wire);
  });
}
