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
import { listOrder, statusFilterOf, typeCounts, withStatus, withType } from '../extras/channel-list-filters.js';

/** new-api's search pages by 20 unless the console asks for another size. */
const SEARCH_PAGE_SIZE = 20;

export type ChannelDeps = MoneyContext & ChannelsContext;

const filterQuery = { type: queryInt, status: queryString, id_sort: queryString, tag_mode: queryString, p: queryInt, page_size: queryInt };
const listQuery = z.object(filterQuery);
const searchQuery = z.object({ ...filterQuery, keyword: queryString, group: queryString, model: queryString });

/** new-api's channel search: id or key exactly, name or base URL containing the keyword; group and model filters. */
function matches(channel: Channel, query: z.infer<typeof searchQuery>): boolean {
  const { keyword, group, model } = query;
  if (keyword && !(String(channel.id) === keyword || channel.key === keyword || channel.name.includes(keyword) || channel.baseUrl.includes(keyword))) return false;
  if (group && !commaList(channel.group).includes(group)) return false;
  return !model || channel.models.includes(model);
}

/**
 * new-api's list: the channels of the type and status asked, or in tag mode (`tag_mode=true`) a page of
 * every tag, each with those of its channels; the type tabs count every type under the status filter.
 */
async function channelPage(deps: ChannelDeps, q: z.infer<typeof listQuery>, offset: number, limit: number) {
  const status = statusFilterOf(q.status);
  const all = (await deps.channels.all()).sort(listOrder(q.id_sort === 'true'));
  const counts = typeCounts(withStatus(all, status));
  if (q.tag_mode === 'true') {
    const tagged = tagModePage(all, offset, limit);
    return { items: withType(withStatus(tagged.items, status), q.type), total: tagged.total, counts };
  }
  const shown = withType(withStatus(all, status), q.type);
  return { items: shown.slice(offset, offset + limit), total: shown.length, counts };
}

/** Search in tag mode: the tags of the channels found (or named by the keyword), each with all its channels. */
function withWholeTags(all: Channel[], found: Channel[], keyword: string | undefined): Channel[] {
  const tags = new Set(tagsOf(found));
  for (const tag of tagsOf(all)) if (keyword && tag.includes(keyword)) tags.add(tag);
  return all.filter((channel) => tags.has(channel.tag));
}

/** new-api's search: the status filter, the type tabs counted, then the type filter and a page (20 unless asked). */
function searchPage(all: Channel[], q: z.infer<typeof searchQuery>) {
  const matching = all.filter((channel) => matches(channel, q));
  const found = withStatus(q.tag_mode === 'true' ? withWholeTags(all, matching, q.keyword) : matching, statusFilterOf(q.status));
  const shown = withType(found, q.type);
  const page = q.p && q.p > 0 ? q.p : 1;
  const pageSize = q.page_size && q.page_size > 0 ? q.page_size : SEARCH_PAGE_SIZE;
  return { items: shown.slice((page - 1) * pageSize, page * pageSize), total: shown.length, page, pageSize, counts: typeCounts(found) };
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
    return ok({ ...pageOf(await channelsWithBalances(deps, result.items), result.total, page, pageSize), type_counts: result.counts });
  });

  route(app, 'GET', '/channel/search', guard.admin, async (request) => {
    const q = parseInput(searchQuery, request.query);
    const result = searchPage((await deps.channels.all()).sort(listOrder(q.id_sort === 'true')), q);
    return ok({ ...pageOf(await channelsWithBalances(deps, result.items), result.total, result.page, result.pageSize), type_counts: result.counts });
  });

  route(app, 'GET', '/channel/models', guard.admin, async () => ok(await knownModels(deps)));

  route(app, 'GET', '/channel/:id', guard.admin, async (request) => {
    const channel = await deps.channels.byId(parseInput(idParams, request.params).id);
    if (!channel) throw new ApiFailure('渠道不存在');
    const [wire] = await channelsWithBalances(deps, [channel]);
    return ok(wire);
  });
}
