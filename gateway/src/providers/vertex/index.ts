import type { Channel } from '../../ports/channel-store.js';
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
  try {
    const regions = JSON.parse(text) as Record<string, string>;
    return regions[model] ?? regions.default ?? DEFAULT_REGION;
  } catch {
    return DEFAULT_REGION;
  }
}

/** Vertex names Claude versions with an @ before the date: claude-3-5-sonnet-20240620 → claude-3-5-sonnet@20240620. */
export const vertexClaudeModel = (model: string): string => model.replace(/-(\d{8})$/, '@$1');

/** What one call sends: the publisher and model in the URL, the method, and the body. */
interface VertexCall {
  publisher: 'anthropic' | 'google';
  name: string;
  method: string;
  payload: object;
}

function claudeCall(model: string, stream: boolean, body: Record<string, unknown>): VertexCall {
  const { model: _inTheUrl, ...claude } = claudeRequest(body);
  return { publisher: 'anthropic', name: vertexClaudeModel(model), method: stream ? 'streamRawPredict?alt=sse' : 'rawPredict', payload: { ...claude, anthropic_version: VERTEX_ANTHROPIC_VERSION } };
}

function geminiCall(model: string, stream: boolean, body: Record<string, unknown>): VertexCall {
  return { publisher: 'google', name: model, method: stream ? 'streamGenerateContent?alt=sse' : 'generateContent', payload: geminiRequest(body) };
}

function vertexOrigin(channel: Channel, region: string): URL {
  if (channel.baseUrl) return new URL(channel.baseUrl);
  return new URL(region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`);
}

async function vertexRequest(channel: Channel, body: Record<string, unknown>): Promise<UpstreamRequest> {
  const account = parseServiceAccount(channel.key);
  const model = String(body.model);
  const region = vertexRegion(channel.other, model);
  const call = (model.startsWith('claude') ? claudeCall : geminiCall)(model, body.stream === true, body);
  const base = vertexOrigin(channel, region);
  const path = `${base.pathname.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/locations/${encodeURIComponent(region)}/publishers/${call.publisher}/models/${encodeURIComponent(call.name).replace(/%40/g, '@')}:${call.method}`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await accessToken(account)}` };
  return { origin: base.origin, path, headers, body: JSON.stringify(call.payload) };
}

/**
 * Vertex AI (channel type 41): a service account's OAuth token (an RS256 JWT exchanged at its
 * token_uri, cached), Gemini models through generateContent and Claude models through rawPredict;
 * each answer is read by its own provider's translation.
 */
export const vertex: ProviderAdapter = {
  id: 'vertex',
  request: (channel, _path, body) => vertexRequest(channel, body),
  usageOfAnswer: vertexUsage,
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: vertexTranslation,
};
