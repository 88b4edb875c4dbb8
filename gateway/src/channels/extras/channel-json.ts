import { z } from 'zod';
import { paramOverrideProblem } from './param-override/operations.js';

/** Whether `text` is JSON at all (new-api's json.Valid). */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A JSON object, or null when `text` is anything else (an array, a number, not JSON). */
export function jsonObject(text: string): Record<string, unknown> | null {
  if (!text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A JSON text field of a channel: blank, or valid JSON; stored trimmed. */
export const jsonText = (message: string) =>
  z
    .string()
    .transform((text) => text.trim())
    .refine((text) => text === '' || isJson(text), { message });

/** A JSON text field that must be an object when set (an override, the channel setting). */
export const jsonObjectText = (message: string) =>
  z
    .string()
    .transform((text) => text.trim())
    .refine((text) => text === '' || jsonObject(text) !== null, { message });

/**
 * Why a stored param_override (an imported one) would be refused at save, or null: an operation
 * Tollgate does not apply (new-api's header modes, prune_objects, sync_fields), a malformed list.
 */
export function storedParamOverrideProblem(text: string): string | null {
  const override = text.trim() ? jsonObject(text) : null;
  return override && paramOverrideProblem(override);
}

/** A channel's param_override: an object, and when it holds `operations`, well-formed ones (checked at save, not at the first call). */
export const paramOverrideText = () =>
  jsonObjectText(JsonMessages.paramOverride).superRefine((text, ctx) => {
    const problem = storedParamOverrideProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** new-api's messages for the channel's JSON fields. */
export const JsonMessages = {
  paramOverride: '参数覆盖必须是合法的 JSON 格式',
  headerOverride: '请求头覆盖必须是合法的 JSON 格式',
  setting: '渠道额外设置[channel setting] 格式错误：必须是合法的 JSON 对象',
  settings: '渠道其他设置[settings] 格式错误：必须是合法的 JSON 对象',
} as const;
