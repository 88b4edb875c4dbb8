import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Channel } from '../../ports/channel-store.js';
import { openAIAnswer } from '../anthropic/answer.js';
import { anthropic } from '../anthropic/index.js';
import { claudeRequest } from '../anthropic/request.js';
import { claudeStreamTranslator } from '../anthropic/stream.js';
import type { ProviderAdapter, UpstreamRequest } from '../types.js';
import { bedrockStreamAsSse } from './event-stream.js';
import { bedrockModelId } from './model-ids.js';

const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

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

/**
 * AWS Claude (channel type 33): Anthropic models on Bedrock. The OpenAI request becomes Claude's
 * Messages body (the model goes in the URL, the version in the body); answers and the decoded
 * stream events are Claude's own, so the anthropic translation reads them.
 */
export const awsClaude: ProviderAdapter = {
  ...anthropic,
  id: 'aws-claude',
  request(channel, _path, body) {
    const { model, stream, ...claude } = claudeRequest(body);
    return signedBedrockRequest(channel, bedrockModelId(String(model)), stream === true, { ...claude, anthropic_version: BEDROCK_ANTHROPIC_VERSION });
  },
  translation: { answer: openAIAnswer, stream: claudeStreamTranslator, asSse: bedrockStreamAsSse },
};
