import type { MessageKey } from '../../i18n/zh';
import type { ChannelInput } from '@tollgate/wire';
import type { Channel } from './api';
import { ChannelType } from '@tollgate/wire';

/** The editor's state: lists as arrays, numbers as the typed text, so "empty" can be told apart. */
export interface ChannelForm {
  type: number;
  name: string;
  key: string;
  batch: boolean;
  base_url: string;
  other: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  openai_organization: string;
  test_model: string;
  auto_ban: boolean;
  priority: string;
  weight: string;
  tag: string;
  remark: string;
  /** JSON texts (new-api's channel setting, the body and header overrides); blank for none. */
  setting: string;
  param_override: string;
  header_override: string;
  /** JSON text: new-api's other settings, here its upstream model detection switches; kept as read otherwise. */
  settings: string;
}

const list = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);

export const EMPTY_FORM: ChannelForm = { type: ChannelType.OpenAI, name: '', key: '', batch: false, base_url: '', other: '', models: [], groups: ['default'], model_mapping: '', status_code_mapping: '', openai_organization: '', test_model: '', auto_ban: true, priority: '0', weight: '0', tag: '', remark: '', setting: '', param_override: '', header_override: '', settings: '' };

export function formOf(channel: Channel): ChannelForm {
  return { ...EMPTY_FORM, ...channel, key: '', models: list(channel.models), groups: list(channel.group), auto_ban: channel.auto_ban === 1, settings: channel.settings ?? '', priority: String(channel.priority), weight: String(channel.weight) };
}

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** An override or setting must be a JSON object when set (the gateway refuses anything else). */
const isJsonObject = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
};

/** The spec's checks in its order (section 5); a new channel needs a name and a key, an edited one keeps its key. */
export function validateChannel(form: ChannelForm, isEdit: boolean): MessageKey | null {
  if (!isEdit && (!form.name.trim() || !form.key.trim())) return 'channel.required';
  if (form.models.length === 0) return 'channel.modelsRequired';
  if (form.model_mapping.trim() && !isJson(form.model_mapping)) return 'channel.mappingInvalid';
  if (form.param_override.trim() && !isJsonObject(form.param_override)) return 'channel.paramOverrideInvalid';
  if (form.header_override.trim() && !isJsonObject(form.header_override)) return 'channel.headerOverrideInvalid';
  if (form.setting.trim() && !isJsonObject(form.setting)) return 'channel.settingInvalid';
  return null;
}

/** Priority has a floor of -999 and weight of 0; an empty or unreadable number counts as 0. */
export function clampNumber(text: string, min: number): number {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 0 : Math.max(value, min);
}
export const PRIORITY_MIN = -999;
export const WEIGHT_MIN = 0;

/** Azure's default API version and Xunfei's default model version, when left empty. */
function otherOf(type: number, other: string): string {
  if (other.trim()) return other.trim();
  if (type === ChannelType.Azure) return '2023-06-01-preview';
  if (type === ChannelType.Xunfei) return 'v2.1';
  return '';
}

export function toChannelInput(form: ChannelForm): ChannelInput {
  return {
    type: form.type,
    name: form.name.trim(),
    key: form.key.trim(),
    base_url: form.base_url.trim().replace(/\/+$/, ''),
    other: otherOf(form.type, form.other),
    models: form.models.join(','),
    group: form.groups.join(','),
    model_mapping: form.model_mapping.trim(),
    status_code_mapping: form.status_code_mapping.trim(),
    openai_organization: form.openai_organization.trim(),
    test_model: form.test_model.trim(),
    auto_ban: form.auto_ban ? 1 : 0,
    priority: clampNumber(form.priority, PRIORITY_MIN),
    weight: clampNumber(form.weight, WEIGHT_MIN),
    tag: form.tag.trim(),
    remark: form.remark.trim(),
    setting: form.setting.trim(),
    param_override: form.param_override.trim(),
    header_override: form.header_override.trim(),
    settings: form.settings,
  };
}

/** Adds comma-separated custom models; `duplicated` says some were already chosen ("某些模型已存在！"). */
export function addCustomModels(models: string[], text: string): { models: string[]; duplicated: boolean } {
  const wanted = list(text);
  const fresh = [...new Set(wanted.filter((model) => !models.includes(model)))];
  return { models: [...models, ...fresh], duplicated: fresh.length < wanted.length };
}

/** The mapping templates the spec mentions: rename a requested model; rewrite an upstream status. */
export const MODEL_MAPPING_TEMPLATE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);
export const STATUS_CODE_MAPPING_TEMPLATE = JSON.stringify({ '400': '500' }, null, 2);
/** new-api's override templates: body fields merged over the request; headers, `{api_key}` the key used; the channel setting. */
export const PARAM_OVERRIDE_TEMPLATE = JSON.stringify({ temperature: 0 }, null, 2);
export const HEADER_OVERRIDE_TEMPLATE = JSON.stringify({ 'X-Api-Key': '{api_key}' }, null, 2);
export const SETTING_TEMPLATE = JSON.stringify({ force_format: false, proxy: '', system_prompt: '' }, null, 2);
