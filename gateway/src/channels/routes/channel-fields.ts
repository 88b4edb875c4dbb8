import { z } from 'zod';
import type { MoneyContext } from '../../contexts/money.js';
import { isHttpUrl } from '../../http/http-url.js';
import { nonNegativeInt, wholeNumber } from '../../http/strict-int.js';
import { type Channel, NO_CHANNEL_EXTRAS, type NewChannel } from '../../ports/documents/channel-store.js';
import { ChannelStatus, ChannelType } from '@tollgate/wire';
import { byId, channelWire } from '../../api/support/wire.js';
import { JsonMessages, jsonObjectText, jsonText, paramOverrideText } from '../extras/channel-json.js';

/** The console sends lists either as comma strings or arrays. */
const commaText = z.union([z.string(), z.array(z.string()).transform((items) => items.join(','))]).transform((text) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(','),
);

/** A channel's fields on the wire (snake_case, as new-api's Channel). */
export const channelFields = z.object({
  type: nonNegativeInt('type'),
  name: z.string().trim(),
  key: z.string(),
  status: nonNegativeInt('status'),
  base_url: z
    .string()
    .trim()
    .refine((url) => url === '' || isHttpUrl(url), { message: 'base_url 必须是 http:// 或 https:// 开头的地址' })
    .transform((url) => url.replace(/\/+$/, '')),
  other: z.string(),
  models: commaText,
  group: commaText,
  model_mapping: jsonText('模型映射必须是合法的 JSON 格式！'),
  status_code_mapping: jsonText('状态码复写必须是合法的 JSON 格式！'),
  openai_organization: z.string(),
  test_model: z.string(),
  auto_ban: wholeNumber('auto_ban'),
  priority: wholeNumber('priority').transform((p) => Math.max(p, -999)),
  weight: wholeNumber('weight').transform((w) => Math.max(w, 0)),
  tag: z.string().trim().nullish().transform((tag) => tag ?? ''),
  remark: z.string().trim().max(255, { message: '备注不能超过 255 个字符' }).nullish().transform((remark) => remark ?? ''),
  setting: jsonObjectText(JsonMessages.setting).nullish().transform((text) => text ?? ''),
  param_override: paramOverrideText().nullish().transform((text) => text ?? ''),
  header_override: jsonObjectText(JsonMessages.headerOverride).nullish().transform((text) => text ?? ''),
  settings: jsonObjectText(JsonMessages.settings).nullish().transform((text) => text ?? ''),
});
export type ChannelFields = Partial<z.infer<typeof channelFields>>;

const FIELD_NAMES = {
  type: 'type',
  name: 'name',
  status: 'status',
  base_url: 'baseUrl',
  other: 'other',
  models: 'models',
  group: 'group',
  model_mapping: 'modelMapping',
  status_code_mapping: 'statusCodeMapping',
  openai_organization: 'openaiOrganization',
  test_model: 'testModel',
  auto_ban: 'autoBan',
  priority: 'priority',
  weight: 'weight',
  tag: 'tag',
  remark: 'remark',
  setting: 'setting',
  param_override: 'paramOverride',
  header_override: 'headerOverride',
  settings: 'settings',
} as const satisfies Record<Exclude<keyof ChannelFields, 'key'>, keyof Channel>;

/** The document patch of the fields sent; an empty key keeps the stored one (reads never return it). */
export function channelPatch(fields: ChannelFields): Partial<Channel> {
  const patch: Record<string, unknown> = {};
  for (const [wire, field] of Object.entries(FIELD_NAMES)) {
    const value = fields[wire as keyof typeof FIELD_NAMES];
    if (value !== undefined) patch[field] = value;
  }
  if (fields.key) patch.key = fields.key.trim();
  return patch as Partial<Channel>;
}

/** Defaults the console fills in for some types (Azure API version, Xunfei model version). */
function defaultOther(type: number, other: string): string {
  if (other) return other;
  if (type === ChannelType.Azure) return '2023-06-01-preview';
  if (type === ChannelType.Xunfei) return 'v2.1';
  return '';
}

export function newChannelDocument(fields: ChannelFields, key: string): NewChannel {
  const type = fields.type ?? ChannelType.OpenAI;
  return {
    type,
    name: '',
    status: ChannelStatus.Enabled,
    baseUrl: '',
    models: '',
    group: 'default',
    modelMapping: '',
    statusCodeMapping: '',
    openaiOrganization: '',
    testModel: '',
    autoBan: 1,
    priority: 0,
    weight: 0,
    ...NO_CHANNEL_EXTRAS,
    ...channelPatch(fields),
    key,
    other: defaultOther(type, fields.other ?? ''),
    balance: 0,
    responseTime: 0,
    testTime: 0,
    balanceUpdatedTime: 0,
    createdTime: Math.floor(Date.now() / 1000),
    otherInfo: '',
  };
}

/** Channels with their used quota from the ledger, in wire shape (no key). */
export async function channelsWithBalances(deps: MoneyContext, channels: Channel[]) {
  const balances = byId(await deps.balances.channels(channels.map((c) => c.id)), (b) => b.channelId);
  return channels.map((channel) => channelWire(channel, balances.get(channel.id)));
}
