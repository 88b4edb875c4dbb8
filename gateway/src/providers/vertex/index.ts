import { own, parseJsonTable } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';
import { claudeRequest } from '../anthropic/request.js';
import { geminiRequest } from '../gemini/request.js';
import type { ProviderAdapter, UpstreamRequest } from '../types.js';
import { accessToken, parseServiceAccount } from './access-token.js';
import { vertexTranslation, vertexUsage } from './translation.js';

const DEFAULT_REGION = 'us-central1';
const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/**
 * The region for a model: `other` is a region, or a JSON object of model → region with a
 * `default` (as new-api's region template); us-central1 when it says nothing.
 */
export function vertexRegion(other: string, model: string): string {
  const text = other.trim();
  if (!text.startsWith('{')) return text || DEFAULT_REGION;
  // Own keys only: a client's model `constructor` must not pick Object's as its region.
  const regions = parseJsonTable(text);
  const region = own(regions, model) ?? own(regions, 'default');
  return typeof region === 'string' && region ? region : DEFAULT_REGION;
}

/** Vertex names Claude versions with an @ before the date: claude-3-5-sonnet-20240620 → claude-3-5-sonnet@20240620. */
export const vertexClaudeModel = (model: string): string => model.replace(/-(\d{8})$/, '@$1');

/** What one call sends: the publisher and model in the URL, the method, and the body. */
export interface VertexCall {
  publisher: 'anthropic' | 'google';
  name: string;
  method: string;
  payload: object;
}

const isClaude = (model: string) => model.startsWith('claude');

/** A Messages body (OpenAI's translated, or a Claude client's own): the model goes in the URL, Vertex's version in the body. */
function claudeCall(claude: Record<string, unknown>): VertexCall {
  const { model, ...rest } = claude;
  const method = claude.stream === true ? 'streamRawPredict?alt=sse' : 'rawPredict';
  return { publisher: 'anthropic', name: vertexClaudeModel(String(model)), method, payload: { ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION } };
}

function vertexOrigin(channel: Channel, region: string): URL {
  if (channel.baseUrl) return new URL(channel.baseUrl);
  return new URL(region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`);
}

/** A call for `model` to the publisher's model in the model's region of the service account's project, with its token. */
export async function vertexUpstream(channel: Channel, model: string, call: VertexCall, extraHeaders: Record<string, string> = {}): Promise<UpstreamRequest> {
  const account = parseServiceAccount(channel.key);
  const region = vertexRegion(channel.other, model);
  const base = vertexOrigin(channel, region);
  const path = `${base.pathname.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/locations/${encodeURIComponent(region)}/publishers/${call.publisher}/models/${encodeURIComponent(call.name).replace(/%40/g, '@')}:${call.method}`;
  const headers = { ...extraHeaders, 'content-type': 'application/json', authorization: `Bearer ${await accessToken(account)}` };
  return { origin: base.origin, path, headers, body: JSON.stringify(call.payload) };
}

function openAIRequest(channel: Channel, body: Record<string, unknown>): Promise<UpstreamRequest> {
  const model = String(body.model);
  if (isClaude(model)) return vertexUpstream(channel, model, claudeCall(claudeRequest(body)));
  const method = body.stream === true ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return vertexUpstream(channel, model, { publisher: 'google', name: model, method, payload: geminiRequest(body) });
}

/**
 * Vertex AI (channel type 41): a service account's OAuth token (an RS256 JWT exchanged at its
 * token_uri, cached), Gemini models through generateContent and Claude models through rawPredict;
 * each answer is read by its own provider's translation. Claude and Gemini clients' own bodies
 * pass through to the publisher of their kind.
 */
export const vertex: ProviderAdapter = {
  id: 'vertex',
  request: (channel, _path, body) => openAIRequest(channel, body),
  usageOfAnswer: vertexUsage,
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: vertexTranslation,
  // Vertex takes Claude's beta flags in the anthropic-beta header, as Anthropic's own Vertex client sends them.
  claudeNative: { serves: isClaude, request: (channel, body, beta) => vertexUpstream(channel, String(body.model), claudeCall(body), beta ? { 'anthropic-beta': beta } : {}) },
  geminiNative: {
    serves: (model) => !isClaude(model),
    request: (channel, model, method, body) => vertexUpstream(channel, model, { publisher: 'google', name: model, method, payload: body }),
  },
};
