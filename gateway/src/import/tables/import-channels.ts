import type { Channel } from '../../ports/documents/channel-store.js';
import { channelInfoOf, channelInfoText } from '../../channels/multi-key/channel-info.js';
import { storedParamOverrideProblem } from '../../channels/extras/channel-json.js';
import { ALREADY_IN_TOLLGATE, firstConflict } from './conflicts.js';
import type { ImportContext } from '../import-context.js';
import { type DocumentImport, importDocuments } from './import-documents.js';
import { type SourceChannel, sourceChannel } from '../sources/new-api-rows.js';
import { openingBalance } from './opening-balance.js';

/** one-api channel columns Tollgate has no field for: named in the report when a channel sets one. */
const UNCARRIED = ['config', 'system_prompt'] as const;

/** new-api's channel_info, kept when the channel holds several keys; a single-key channel's says nothing. */
function channelInfoFrom(row: SourceChannel): string {
  const info = channelInfoOf({ channelInfo: row.channel_info });
  return info.is_multi_key ? channelInfoText(info) : '';
}

function toChannel(row: SourceChannel): Channel {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    key: row.key,
    status: row.status,
    baseUrl: row.base_url,
    other: row.other,
    models: row.models,
    group: row.group || 'default',
    modelMapping: row.model_mapping,
    statusCodeMapping: row.status_code_mapping,
    openaiOrganization: row.openai_organization,
    testModel: row.test_model,
    autoBan: row.auto_ban,
    priority: row.priority,
    weight: row.weight,
    balance: row.balance,
    responseTime: row.response_time,
    testTime: row.test_time,
    balanceUpdatedTime: row.balance_updated_time,
    createdTime: row.created_time,
    otherInfo: row.other_info,
    tag: row.tag,
    remark: row.remark,
    setting: row.setting,
    paramOverride: row.param_override,
    headerOverride: row.header_override,
    settings: row.settings,
    channelInfo: channelInfoFrom(row),
  };
}

/** The ids of the channels each run brought: their abilities are what that run wrote. */
const broughtChannels = new WeakMap<ImportContext, Set<number>>();

export function channelsBroughtBy(context: ImportContext): ReadonlySet<number> {
  return broughtChannels.get(context) ?? new Set();
}

/** Channels with their keys (several in a multi-key one), models, groups, priorities, weights, mappings, tags, notes, settings and overrides; used quota as an opening event. */
export function importChannels(context: ImportContext): Promise<void> {
  const { channels } = context.targets.documents;
  const brought = new Set<number>();
  broughtChannels.set(context, brought);
  const spec: DocumentImport<SourceChannel, Channel> = {
    table: 'channels',
    kind: 'channels',
    row: sourceChannel,
    map(row) {
      const dropped = UNCARRIED.filter((column) => row[column] !== '' && row[column] !== '{}');
      if (dropped.length > 0) context.report.skip('channel fields', row.id, `no Tollgate field for ${dropped.join(', ')}`);
      // An override Tollgate would refuse at save (an operation it does not apply) would fail every call: left out, and named.
      const problem = storedParamOverrideProblem(row.param_override);
      if (problem) context.report.skip('channel fields', row.id, `param_override left out: ${problem}`);
      const opening = openingBalance(0, { kind: 'channel', channelId: row.id, usedQuota: row.used_quota }, context.nowSeconds * 1000);
      const doc = toChannel(row);
      return { doc: problem ? { ...doc, paramOverride: '' } : doc, openings: [opening] };
    },
    conflict: (channel) => firstConflict([[async () => (await channels.byId(channel.id)) !== null, ALREADY_IN_TOLLGATE]]),
    write: (channel) => channels.restore(channel),
    brought: (channel) => brought.add(channel.id),
  };
  return importDocuments(context, spec);
}
