import type { Channel } from '../../ports/documents/channel-store.js';
import { providerFor, type UpstreamRequest } from '../../providers/index.js';
import { encodeMultipart, type MultipartForm } from '../surfaces/multipart-form.js';
import { upstreamModel } from '../../channels/model-mapping.js';

/** A client's request body as it will be forwarded: JSON, or a multipart form (files). */
export type OpenAIPayload = { kind: 'json'; body: Record<string, unknown> } | { kind: 'form'; form: MultipartForm };

/** Channels whose upstream speaks OpenAI's wire: the only ones that serve the untranslated surfaces. */
export const speaksOpenAI = (channel: Channel): boolean => providerFor(channel.type).openAITarget !== undefined;

/**
 * The upstream request for an untranslated OpenAI surface: the client's body with the model the
 * channel's model_mapping gives, JSON or a form re-encoded part for part.
 */
export function openAIUpstream(channel: Channel, path: string, model: string, payload: OpenAIPayload): UpstreamRequest | Promise<UpstreamRequest> {
  const adapter = providerFor(channel.type);
  const upstream = upstreamModel(channel, model);
  if (payload.kind === 'json') return adapter.request(channel, path, { ...payload.body, model: upstream });
  const target = adapter.openAITarget?.(channel, path, upstream);
  // Routing only offers channels that speak OpenAI (`speaksOpenAI`), so this is a bug if it happens.
  if (!target) throw new Error(`channel type ${channel.type} cannot take an OpenAI form`);
  const { contentType, body } = encodeMultipart(payload.form, { model: upstream });
  return { ...target, headers: { ...target.headers, 'content-type': contentType }, body };
}
