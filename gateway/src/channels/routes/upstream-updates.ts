import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import { applyToChannel, detectChannel } from '../upstream-models/upstream-updates.js';
import { applyAll, detectAll } from '../upstream-models/all-channels.js';

export type UpstreamUpdatesDeps = ChannelsContext;

const names = z.array(z.string().max(200)).max(10_000).nullish().transform((list) => list ?? []);
/** new-api's applyChannelUpstreamModelUpdatesRequest (detect reads only its id). */
const updatesBody = z.object({ id: z.number().int().optional(), add_models: names, remove_models: names, ignore_models: names });

const INVALID_CHANNEL_ID = '无效的渠道 ID';
const failure = (error: unknown) => new ApiFailure(`获取模型列表失败：${error instanceof Error ? error.message : String(error)}`);

async function channelFor(deps: UpstreamUpdatesDeps, body: unknown) {
  const { id, ...selection } = parseInput(updatesBody, body ?? {});
  if (!id || id <= 0) throw new ApiFailure(INVALID_CHANNEL_ID);
  const channel = await deps.channels.byId(id);
  if (!channel) throw new ApiFailure('渠道不存在');
  return { channel, selection: { add: selection.add_models, remove: selection.remove_models, ignore: selection.ignore_models } };
}

/** new-api's /api/channel/upstream_updates/*: a channel's upstream model list checked for changes, and the changes applied. */
export function registerUpstreamUpdateRoutes(app: FastifyInstance, { deps, guard }: ApiContext<UpstreamUpdatesDeps>): void {
  route(app, 'POST', '/channel/upstream_updates/detect', guard.admin, async (request) => {
    const { channel } = await channelFor(deps, request.body);
    return ok(await detectChannel(deps, channel).catch((error: unknown) => {
      throw failure(error);
    }));
  }, audits.channelUpstreamDetected);

  route(app, 'POST', '/channel/upstream_updates/apply', guard.admin, async (request) => {
    const { channel, selection } = await channelFor(deps, request.body);
    const { applied, channel: after } = await applyToChannel(deps, channel, selection);
    return ok({
      id: after.id, added_models: applied.added, removed_models: applied.removed, ignored_models: applied.ignored,
      remaining_models: applied.remainingAdd, remaining_remove_models: applied.remainingRemove, models: after.models, settings: after.settings,
    });
  }, audits.channelUpstreamApplied);

  route(app, 'POST', '/channel/upstream_updates/detect_all', guard.admin, async () => ok(await detectAll(deps)), audits.channelUpstreamDetectedAll);

  route(app, 'POST', '/channel/upstream_updates/apply_all', guard.admin, async () => ok(await applyAll(deps)), audits.channelUpstreamAppliedAll);
}
