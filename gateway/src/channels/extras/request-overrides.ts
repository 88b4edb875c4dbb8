import type { Channel } from '../../ports/documents/channel-store.js';
import type { UpstreamRequest } from '../../providers/types.js';
import { jsonObject } from './channel-json.js';
import { applyOperations } from './param-override/apply-operations.js';
import type { Json } from './param-override/json-path.js';
import { type Operation, operationsOf } from './param-override/operations.js';
import { textMemo } from './text-memo.js';

/** new-api's placeholder in a header override for the key the call uses (a multi-key channel's chosen one). */
const API_KEY = '{api_key}';

/** A param_override as a call applies it: the plain fields, and the `operations` list when it holds a valid one (then not a field). */
interface ParamOverride {
  fields: Record<string, unknown>;
  operations: Operation[] | null;
}

/** Channels' overrides as read once per text (three operations took 21 µs a call to parse and check); the texts of a few hundred channels. */
const OVERRIDES_KEPT = 1_000;

const paramOverrideOf = textMemo(OVERRIDES_KEPT, (text): ParamOverride | null => {
  const override = jsonObject(text);
  if (!override) return null;
  const operations = operationsOf(override);
  if (!operations) return { fields: override, operations: null };
  const { operations: _list, ...fields } = override;
  return { fields, operations };
});

const headerOverrideOf = textMemo(OVERRIDES_KEPT, jsonObject);

/**
 * new-api's ApplyParamOverride: the override's plain fields merged over the body's top level, then
 * its `operations` applied in order. Throws ParamOverrideFailed or ParamOverrideReturnError (see apply-operations.ts).
 */
function withParamOverride(body: UpstreamRequest['body'], { fields, operations }: ParamOverride): UpstreamRequest['body'] {
  // A multipart form (Buffer) has no JSON fields to override.
  if (typeof body !== 'string') return body;
  const parsed = jsonObject(body);
  if (!parsed) return body;
  const merged = { ...parsed, ...fields };
  return JSON.stringify(operations ? applyOperations(merged as Json, operations) : merged);
}

/** Each override replaces the header of the same name, whatever its case; only text values are headers. */
function withHeaderOverride(headers: Record<string, string>, override: Record<string, unknown>, key: string): Record<string, string> {
  let next = headers;
  for (const [name, value] of Object.entries(override)) {
    if (typeof value !== 'string') continue;
    const lower = name.toLowerCase();
    next = { ...Object.fromEntries(Object.entries(next).filter(([existing]) => existing.toLowerCase() !== lower)), [lower]: value.replaceAll(API_KEY, key) };
  }
  return next;
}

/**
 * The param override a call sends with: the channel's own, over a channel affinity rule's
 * param_override_template when the call has one (new-api's mergeChannelOverride: the template
 * adds the fields the channel does not set, never replaces the channel's).
 */
function paramsOf(channel: Channel, template: Record<string, unknown> | null): ParamOverride | null {
  const own = paramOverrideOf(channel.paramOverride);
  if (!template) return own;
  return { fields: { ...template, ...own?.fields }, operations: own?.operations ?? null };
}

/**
 * The channel's param_override (its fields merged over the request body's top level, with the
 * call's affinity template under them) and header_override (headers set, `{api_key}` standing for
 * the key used), applied to the request the provider built, as new-api applies them just before sending.
 */
export function withOverrides(channel: Channel, request: UpstreamRequest, template: Record<string, unknown> | null = null): UpstreamRequest {
  const params = paramsOf(channel, template);
  const headers = headerOverrideOf(channel.headerOverride);
  if (!params && !headers) return request;
  return {
    ...request,
    body: params ? withParamOverride(request.body, params) : request.body,
    headers: headers ? withHeaderOverride(request.headers, headers, channel.key) : request.headers,
  };
}
