import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Channel } from '../../ports/documents/channel-store.js';
import { openAIAnswer } from '../anthropic/answer.js';
import { anthropic } from '../anthropic/index.js';
import { claudeRequest } from '../anthropic/request.js';
import { claudeStreamTranslator } from '../anthropic/stream.js';
import type { ProviderAdapter, UpstreamRequest } from '../types.js';
import { bedrockStreamAsSse } from './event-stream.js';
import { bedrockModelId } from './model-ids.js';

const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/**
 * The Messages fields Bedrock takes in an InvokeModel body. It refuses any other key ("extraneous
 * key [metadata] is not permitted"), and the model and stream are said by the URL instead.
 */
const BEDROCK_FIELDS = ['system', 'messages', 'max_tokens', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'tools', 'tool_choice', 'thinking'];

/** A Messages body as Bedrock takes it: its fields, the Bedrock version, and the beta header's flags as anthropic_beta. */
export function bedrockBody(claude: Record<string, unknown>, beta?: string): object {
  const fields = Object.fromEntries(BEDROCK_FIELDS.filter((name) => claude[name] !== undefined).map((name) => [name, claude[name]]));
  const flags = (beta ?? '').split(',').map((flag) => flag.trim()).filter(Boolean);
  return { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...(flags.length > 0 ? { anthropic_beta: flags } : {}), ...fields };
}

interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The channel key `Ak|Sk|Region` (spec: key formats). The message never repeats the key. */
export function parseAwsKey(key: string): AwsKey {
  const [accessKeyId, secretAccessKey, region] = key.split('|').map((part) => part.trim());
  if (!accessKeyId || !secretAccessKey || !region) throw new Error('AWS Claude key must be Ak|Sk|Region');
  return { accessKeyId, secretAccessKey, region };
}

/** A Bedrock request signed with SigV4 (service `bedrock`), to the channel's base URL when it has one. */
export async function signedBedrockRequest(channel: Channel, modelId: string, stream: boolean, body: object): Promise<UpstreamRequest> {
  const key = parseAwsKey(channel.key);
  const base = new URL(channel.baseUrl || `https://bedrock-runtime.${key.region}.amazonaws.com`);
  const path = `${base.pathname.replace(/\/+$/, '')}/model/${encodeURIComponent(modelId)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`;
  const text = JSON.stringify(body);
  const signer = new SignatureV4({ service: 'bedrock', region: key.region, credentials: key, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    path,
    query: {},
    headers: { host: base.host, 'content-type': 'application/json', accept: stream ? 'application/vnd.amazon.eventstream' : 'application/json' },
    body: text,
  });
  // The HTTP client sets Host itself, to the same value that was signed.
  const { host: _host, ...headers } = signed.headers;
  return { origin: base.origin, path, headers, body: text };
}

/** A Messages body (OpenAI's translated, or a Claude client's own) signed for Bedrock. */
function bedrockMessages(channel: Channel, claude: Record<string, unknown>, beta?: string): Promise<UpstreamRequest> {
  return signedBedrockRequest(channel, bedrockModelId(String(claude.model)), claude.stream === true, bedrockBody(claude, beta));
}

/**
 * AWS Claude (channel type 33): Anthropic models on Bedrock. An OpenAI request becomes Claude's
 * Messages body, a Claude client's passes as it came (the model goes in the URL, the version in
 * the body); answers and the decoded stream events are Claude's own, read by the anthropic reader.
 */
export const awsClaude: ProviderAdapter = {
  ...anthropic,
  id: 'aws-claude',
  request: (channel, _path, body) => bedrockMessages(channel, claudeRequest(body)),
  asSse: bedrockStreamAsSse,
  translation: { answer: openAIAnswer, stream: claudeStreamTranslator },
  claudeNative: { serves: () => true, request: bedrockMessages, asSse: bedrockStreamAsSse },
};
