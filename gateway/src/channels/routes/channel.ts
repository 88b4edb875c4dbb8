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
import { tagModePage, tagsOf } from '../extras/channel-tags.js';

export type ChannelDeps = MoneyContext & ChannelsContext;

const listQuery = z.object({ p: queryInt, page_size: queryInt, id_sort: queryString, tag_mode: queryString });
const searchQuery = z.object({ keyword: queryString, group: queryString, model: queryString, tag_mode: queryString });

/** new-api's channel search: id or key exactly, name or base URL containing the keyword; group and model filters. */
function matches(channel: Channel, query: z.infer<typeof searchQuery>): boolean {
  const { keyword, group, model } = query;
  if (keyword && !(String(channel.id) === keyword || channel.key === keyword || channel.name.includes(keyword) || channel.baseUrl.includes(keyword))) return false;
  if (group && !commaList(channel.group).includes(group)) return false;
  return !model || channel.models.includes(model);
}

/** The list's order: priority then newest, or newest first when sorting by id (ChannelStore.list's). */
const listOrder = (idSort: boolean) => (a: Channel, b: Channel) => (idSort ? b.id - a.id : b.priority - a.priority || b.id - a.id);

/** The channel list, or in tag mode (new-api's `tag_mode=true`) a page of tags, each with all its channels. */
async function channelPage(deps: ChannelDeps, q: z.infer<typeof listQuery>, offset: number, limit: number) {
  const idSort = q.id_sort === 'true';
  if (q.tag_mode !== 'true') return deps.channels.list({ offset, limit, idSort });
  return tagModePage((await deps.channels.all()).sort(listOrder(idSort)), offset, limit);
}

/** Search in tag mode: the tags of the channels found (or named by the keyword), each with all its channels. */
function withWholeTags(all: Channel[], found: Channel[], keyword: string | undefined): Channel[] {
  const tags = new Set(tagsOf(found));
  for (const tag of tagsOf(all)) if (keyword && tag.includes(keyword)) tags.add(tag);
  return all.filter((channel) => tags.has(channel.tag));
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
    const result = await channelPage(deps, q, offset, pageSize);
    return ok(pageOf(await channelsWithBalances(deps, result.items), result.total, page, pageSize));
  });

  route(app, 'GET', '/channel/search', guard.admin, async (request) => {
    const q = parseInput(searchQuery, request.query);
    const all = (await deps.channels.all()).reverse();
    const matching = all.filter((channel) => matches(channel, q));
    const found = q.tag_mode === 'true' ? withWholeTags(all, matching, q.keyword) : matching;
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
