import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MoneyContext } from '../../contexts/money.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { ChannelStatus, ChannelType } from '@tollgate/wire';
import { type ChannelFields, channelFields, channelPatch, channelsWithBalances, newChannelDocument } from './channel-fields.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, idParams, parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import { keyLines, multiKeyInfo, multiKeyPatch } from '../multi-key/key-edits.js';

export type ChannelWriteDeps = MoneyContext & ChannelsContext;

const channelBody = channelFields.partial();
const multiKeyMode = z.enum(['random', 'polling'], { message: '不支持的多密钥模式' });
/** new-api's AddChannelRequest, or (older consoles) the channel object itself. */
const createBody = z.preprocess(
  (body) => (body !== null && typeof body === 'object' && 'channel' in body ? body : { mode: 'batch', channel: body }),
  z.object({ mode: z.enum(['single', 'batch', 'multi_to_single']).default('single'), multi_key_mode: multiKeyMode.default('random'), channel: channelBody }),
);
/** new-api's PatchChannel: a multi-key channel's mode, and whether the key sent adds to its keys or replaces them. */
const updateBody = channelBody.extend({
  id: z.number({ message: INVALID_PARAMS }).int().positive({ message: INVALID_PARAMS }),
  multi_key_mode: multiKeyMode.nullish(),
  key_mode: z.enum(['append', 'replace']).nullish(),
});
const batchBody = z.object({ ids: z.array(z.number().int().positive()).min(1) });
/** new-api's copy: a suffix for the name (default "_复制") and whether the balance starts again from 0 (default yes). */
const copyQuery = z.object({ suffix: queryString, reset_balance: queryString });

/** One key per line makes one channel each in batch mode; Vertex AI keys are JSON, never split. */
function keysOf(mode: string, channel: ChannelFields): string[] {
  const key = channel.key?.trim() ?? '';
  if (mode !== 'batch' || channel.type === ChannelType.VertexAI) return key ? [key] : [];
  return key
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The console cannot copy through POST /api/channel/ because reads never return the key; the copy happens here. */
async function copyChannel(deps: ChannelWriteDeps, id: number, query: z.infer<typeof copyQuery>): Promise<number> {
  const source = await deps.channels.byId(id);
  if (!source) throw new ApiFailure('渠道不存在');
  const { id: _sourceId, ...fields } = source;
  const copy = await deps.channels.create({
    ...fields,
    name: `${source.name}${query.suffix ?? '_复制'}`,
    balance: query.reset_balance === 'false' ? source.balance : 0,
    responseTime: 0,
    testTime: 0,
    balanceUpdatedTime: 0,
    createdTime: Math.floor(Date.now() / 1000),
  });
  return copy.id;
}

async function createChannels(deps: ChannelWriteDeps, body: z.infer<typeof createBody>): Promise<number[]> {
  const keys = keysOf(body.mode, body.channel);
  if (!body.channel.name || keys.length === 0) throw new ApiFailure('请填写渠道名称和渠道密钥！');
  if (body.mode === 'multi_to_single') {
    const lines = keyLines(keys.join('\n'));
    const channel = { ...newChannelDocument(body.channel, lines.join('\n')), channelInfo: multiKeyInfo(lines, body.multi_key_mode) };
    return [(await deps.channels.create(channel)).id];
  }
  const ids: number[] = [];
  for (const key of keys) ids.push((await deps.channels.create(newChannelDocument(body.channel, key))).id);
  return ids;
}

/** Administrators' channel writes; each one tells the relay to reload its routing table. */
export function registerChannelWriteRoutes(app: FastifyInstance, { deps, guard }: ApiContext<ChannelWriteDeps>): void {
  const changed = (id?: number) => deps.notices.publish('channels', id);

  route(app, 'POST', '/channel/', guard.admin, async (request) => {
    const ids = await createChannels(deps, parseInput(createBody, request.body, 400));
    changed();
    return ok(ids);
  }, audits.channelCreated);

  route(app, 'POST', '/channel/copy/:id', guard.admin, async (request) => {
    const id = await copyChannel(deps, parseInput(idParams, request.params).id, parseInput(copyQuery, request.query));
    changed(id);
    return ok({ id });
  }, audits.channelCopied);

  route(app, 'PUT', '/channel/', guard.admin, async (request) => {
    const body = parseInput(updateBody, request.body, 400);
    const stored = await deps.channels.byId(body.id);
    if (!stored) throw new ApiFailure('渠道不存在');
    const keys = multiKeyPatch(stored, { key: body.key, keyMode: body.key_mode ?? undefined, mode: body.multi_key_mode ?? undefined });
    const updated = await deps.channels.update(body.id, { ...channelPatch(body), ...keys });
    if (!updated) throw new ApiFailure('渠道不存在');
    changed(updated.id);
    const [wire] = await channelsWithBalances(deps, [updated]);
    return ok(wire);
  }, audits.channelUpdated);

  route(app, 'DELETE', '/channel/disabled', guard.admin, async () => {
    const disabled = (await deps.channels.all()).filter((channel) => channel.status !== ChannelStatus.Enabled);
    for (const channel of disabled) await deps.channels.delete(channel.id);
    changed();
    return ok(disabled.length);
  }, audits.disabledChannelsDeleted);

  route(app, 'DELETE', '/channel/:id', guard.admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    if (!(await deps.channels.delete(id))) throw new ApiFailure('渠道不存在');
    changed(id);
    return ok();
  }, audits.channelDeleted);

  route(app, 'POST', '/channel/batch', guard.admin, async (request) => {
    const { ids } = parseInput(batchBody.catch({ ids: [] }), request.body);
    if (ids.length === 0) throw new ApiFailure('参数错误');
    let deleted = 0;
    for (const id of ids) if (await deps.channels.delete(id)) deleted++;
    changed();
    return ok(deleted);
  }, audits.channelsDeleted);
}
