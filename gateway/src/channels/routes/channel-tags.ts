import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { nonNegativeInt, wholeNumber } from '../../http/strict-int.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import { JsonMessages, jsonObjectText, paramOverrideText } from '../extras/channel-json.js';
import { tagModels, tagPatch, tagStatus, updateTagged } from '../extras/channel-tags.js';

export type ChannelTagDeps = ChannelsContext;

const BAD_PARAMS = '参数错误';
const TAG_REQUIRED = 'tag不能为空';
const tagBody = z.object({ tag: z.string().trim().min(1, { message: BAD_PARAMS }) });
/** new-api's ChannelTag: every field but the tag may be left out (null is left out too). */
const tagEditBody = z.object({
  tag: z.string({ message: BAD_PARAMS }).trim().min(1, { message: TAG_REQUIRED }),
  new_tag: z.string().trim().nullish(),
  priority: wholeNumber('priority').nullish(),
  weight: nonNegativeInt('weight').nullish(),
  model_mapping: z.string().trim().nullish(),
  models: z.string().trim().nullish(),
  groups: z.string().trim().nullish(),
  param_override: paramOverrideText().nullish(),
  header_override: jsonObjectText(JsonMessages.headerOverride).nullish(),
});
/** new-api's ChannelBatch: a null or empty tag takes the channels out of their tag. */
const batchTagBody = z.object({ ids: z.array(z.number().int().positive()).min(1, { message: BAD_PARAMS }), tag: z.string().trim().nullish() });
const tagQuery = z.object({ tag: queryString });

/** new-api's tag operations: switch, edit and set the tag of many channels at once; the models a tag serves. */
export function registerChannelTagRoutes(app: FastifyInstance, { deps, guard }: ApiContext<ChannelTagDeps>): void {
  const changed = () => deps.notices.publish('channels');
  for (const enabled of [true, false]) {
    route(app, 'POST', enabled ? '/channel/tag/enabled' : '/channel/tag/disabled', guard.admin, async (request) => {
      const { tag } = parseInput(tagBody, request.body);
      await updateTagged(deps.channels, tag, tagStatus(enabled));
      changed();
      return ok();
    }, enabled ? audits.channelTagEnabled : audits.channelTagDisabled);
  }
  route(app, 'PUT', '/channel/tag', guard.admin, async (request) => {
    const body = parseInput(tagEditBody, request.body);
    const patch = tagPatch(body.tag, {
      newTag: body.new_tag, modelMapping: body.model_mapping, models: body.models, groups: body.groups, priority: body.priority,
      weight: body.weight, paramOverride: body.param_override, headerOverride: body.header_override,
    });
    await updateTagged(deps.channels, body.tag, patch);
    changed();
    return ok();
  }, audits.channelTagEdited);
  route(app, 'POST', '/channel/batch/tag', guard.admin, async (request) => {
    const { ids, tag } = parseInput(batchTagBody, request.body);
    for (const id of ids) await deps.channels.update(id, { tag: tag ?? '' });
    changed();
    return ok(ids.length);
  }, audits.channelsTagged);
  route(app, 'GET', '/channel/tag/models', guard.admin, async (request) => {
    const { tag } = parseInput(tagQuery, request.query);
    if (!tag) throw new ApiFailure(TAG_REQUIRED, 400);
    return ok(tagModels(await deps.channels.all(), tag));
  });
}
