import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import { channelInfoOf } from '../multi-key/channel-info.js';
import { keyAction, keyStatusRows } from '../multi-key/key-actions.js';
import type { Channel } from '../../ports/documents/channel-store.js';

export type MultiKeyManageDeps = ChannelsContext;

/** new-api's MultiKeyManageRequest. */
const manageBody = z.object({
  channel_id: z.number({ message: INVALID_PARAMS }).int().positive({ message: INVALID_PARAMS }),
  action: z.string(),
  key_index: z.number().int().optional(),
  page: z.number().int().optional(),
  page_size: z.number().int().optional(),
  status: z.number().int().nullish(),
});

/** get_key_status: a page of the keys (filtered by status), with the counts of every key. */
function keyStatusPage(channel: Channel, body: z.infer<typeof manageBody>) {
  const rows = keyStatusRows(channel);
  const count = (status: number) => rows.filter((row) => row.status === status).length;
  const filtered = body.status === null || body.status === undefined ? rows : rows.filter((row) => row.status === body.status);
  const pageSize = body.page_size && body.page_size > 0 ? body.page_size : 50;
  const totalPages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const page = Math.min(body.page && body.page > 0 ? body.page : 1, totalPages);
  return {
    keys: filtered.slice((page - 1) * pageSize, page * pageSize),
    total: filtered.length, page, page_size: pageSize, total_pages: totalPages,
    enabled_count: count(1), manual_disabled_count: count(2), auto_disabled_count: count(3),
  };
}

/** POST /api/channel/multi_key/manage: a multi-key channel's keys listed, switched and deleted one by one or together. */
export function registerMultiKeyManageRoutes(app: FastifyInstance, { deps, guard }: ApiContext<MultiKeyManageDeps>): void {
  route(app, 'POST', '/channel/multi_key/manage', guard.admin, async (request) => {
    const body = parseInput(manageBody, request.body);
    const channel = await deps.channels.byId(body.channel_id);
    if (!channel) throw new ApiFailure('渠道不存在');
    if (!channelInfoOf(channel).is_multi_key) throw new ApiFailure('该渠道不是多密钥模式');
    if (body.action === 'get_key_status') return ok(keyStatusPage(channel, body));
    const result = keyAction(channel, body.action, body.key_index);
    if ('refused' in result) throw new ApiFailure(result.refused);
    await deps.channels.update(channel.id, result.patch);
    deps.notices.publish('channels', channel.id);
    return { success: true, message: result.message, ...(result.data === undefined ? {} : { data: result.data }) };
  }, audits.channelKeysManaged);
}
