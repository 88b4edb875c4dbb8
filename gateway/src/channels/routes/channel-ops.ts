import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { updateAllBalances, updateBalance } from '../balance-update.js';
import { fetchUpstreamModels, modelListerOf } from '../upstream-models/model-lists.js';
import { probeChannel } from '../channel-probe.js';
import { recordTest } from '../channel-status.js';
import { ChannelTester } from '../channel-tester.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { channelFields, newChannelDocument } from './channel-fields.js';
import type { ApiContext } from '../../api/support/context.js';
import { idParams, parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';

export type ChannelOpsDeps = AccountsContext & MoneyContext & ChannelsContext;

const testQuery = z.object({ model: queryString });
/** new-api's FetchModels: the edit form's type, base URL and key, before the channel is saved. */
const formModelsBody = channelFields.pick({ type: true, base_url: true }).partial().extend({ key: z.string().default('') });

async function channelOf(deps: ChannelOpsDeps, params: unknown): Promise<Channel> {
  const channel = await deps.channels.byId(parseInput(idParams, params).id);
  if (!channel) throw new ApiFailure('渠道不存在');
  return channel;
}

/** Administrators' channel operations: tests, balances, the model list, rebuilding the routing table. */
export function registerChannelOpsRoutes(app: FastifyInstance, { deps, guard }: ApiContext<ChannelOpsDeps>): void {
  const tester = new ChannelTester(deps);

  route(app, 'GET', '/channel/test/:id', guard.admin, async (request) => {
    const channel = await channelOf(deps, request.params);
    const probe = await probeChannel(channel, parseInput(testQuery, request.query).model);
    await recordTest(deps, channel, probe.elapsedMs);
    const time = probe.elapsedMs / 1000;
    return probe.failure ? { success: false, message: probe.failure.message || `status code ${probe.failure.status}`, time, model: probe.model } : { success: true, message: '', time, model: probe.model };
  }, audits.channelTested);

  route(app, 'GET', '/channel/test', guard.admin, async () => {
    if (!tester.testAll()) throw new ApiFailure('测试已在运行中');
    return ok();
  }, audits.channelTestsStarted);

  route(app, 'GET', '/channel/update_balance/:id', guard.admin, async (request) => {
    const channel = await channelOf(deps, request.params);
    const balance = await updateBalance(deps, channel).catch((error: unknown) => {
      throw new ApiFailure(error instanceof Error ? error.message : String(error));
    });
    if (balance === null) throw new ApiFailure('尚未实现');
    return { success: true, message: '', balance };
  }, audits.channelBalanceUpdated);

  route(app, 'GET', '/channel/update_balance', guard.admin, async () => {
    await updateAllBalances(deps);
    return ok();
  }, audits.channelBalancesUpdated);

  route(app, 'POST', '/channel/fix', guard.admin, async () => {
    // The routing table is derived from the channels in each gateway; rebuilding it is a reload everywhere, and never fails one.
    deps.notices.publish('channels');
    return ok({ success: (await deps.channels.all()).length, fails: 0 });
  }, audits.channelAbilitiesFixed);

  route(app, 'GET', '/channel/fetch_models/:id', guard.admin, async (request) => ok(await upstreamModels(await channelOf(deps, request.params))));

  // Root only, as new-api: the server fetches a URL the caller typed.
  route(app, 'POST', '/channel/fetch_models', guard.root, async (request) => {
    const form = parseInput(formModelsBody, request.body);
    // A multi-key form lists one key per line; the first one speaks for them, as new-api's FetchModels reads it.
    const key = form.key.trim().split('\n')[0] ?? '';
    return ok(await upstreamModels({ id: 0, ...newChannelDocument({ type: form.type, base_url: form.base_url }, key) }));
  });
}

async function upstreamModels(channel: Channel): Promise<string[]> {
  if (!modelListerOf(channel)) throw new ApiFailure('该渠道类型不支持获取上游模型列表');
  return fetchUpstreamModels(channel).catch((error: unknown) => {
    throw new ApiFailure(`获取模型列表失败：${error instanceof Error ? error.message : String(error)}`);
  });
}
