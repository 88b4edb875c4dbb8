import { ChannelType } from '@tollgate/wire';
import { generateKeyPairSync } from 'node:crypto';
import { CASES, type CaseName } from './matrix-cases.js';
import type { RequestCheck } from './matrix-cells.js';

/** The wire protocols the matrix has a mock for; providers of one family share its mock. */
export type FamilyName = 'openai' | 'cloudflare' | 'minimax' | 'glm' | 'anthropic' | 'gemini' | 'baidu' | 'zhipu-v3' | 'dashscope' | 'hunyuan' | 'palm' | 'cohere' | 'dify' | 'aiproxy' | 'bedrock' | 'vertex' | 'xunfei';

/** One provider of the matrix: its channel, the mock family it speaks, and the cases it cannot have (each with why). */
export interface ProviderRow {
  provider: string;
  channelType: ChannelType;
  family: FamilyName;
  /** The model the client asks for: unique to the row, so each row has its own channel. */
  model: string;
  /** The channel key; a function of the family mock's address where the key names it (a service account's token_uri). */
  key: string | ((mockUrl: string) => string);
  other?: string;
  /** False for a provider that never reports usage: every cell expects the gateway's token count. */
  reportsUsage?: false;
  unsupported?: Partial<Record<CaseName, string>>;
  /** What the provider must receive for the plain cell: its path, auth and body in the provider's own protocol. */
  sends?: RequestCheck;
}

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** A Vertex service account whose token_uri is the family mock's token endpoint. */
function vertexAccount(mockUrl: string): string {
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  return JSON.stringify({ type: 'service_account', project_id: 'matrix-project', private_key_id: 'kid-1', private_key: pem, client_email: 'tollgate@matrix-project.iam.gserviceaccount.com', token_uri: `${mockUrl}/token` });
}

/** Every case, for a provider that has no chat at all. */
const noChat = (why: string): Partial<Record<CaseName, string>> => Object.fromEntries(CASES.map((name) => [name, why]));

/** OpenAI-protocol channel types served by the openAICompatible factory (their own default address, the same wire). */
const openAICompatibleRows: ProviderRow[] = ([
  [ChannelType.Ollama, 'ollama', 'llama3.1'],
  [ChannelType.OpenAIMax, 'openai-max', 'gpt-4o-openaimax'],
  [ChannelType.OhMyGPT, 'ohmygpt', 'gpt-4o-ohmygpt'],
  [ChannelType.AILS, 'ails', 'gpt-4o-ails'],
  [ChannelType.AIProxy, 'aiproxy', 'gpt-4o-aiproxy'],
  [ChannelType.API2GPT, 'api2gpt', 'gpt-4o-api2gpt'],
  [ChannelType.AIGC2D, 'aigc2d', 'gpt-4o-aigc2d'],
  [ChannelType.OpenRouter, 'openrouter', 'openrouter/auto'],
  [ChannelType.Moonshot, 'moonshot', 'moonshot-v1-8k'],
  [ChannelType.Perplexity, 'perplexity', 'sonar'],
  [ChannelType.LingYiWanWu, 'lingyiwanwu', 'yi-large'],
  [ChannelType.SiliconFlow, 'siliconflow', 'Qwen/Qwen2.5-7B-Instruct'],
  [ChannelType.Mistral, 'mistral', 'mistral-small-latest'],
  [ChannelType.DeepSeek, 'deepseek', 'deepseek-chat'],
] as const satisfies readonly (readonly [ChannelType, string, string])[]).map(([channelType, provider, model]) => ({ provider, channelType, family: 'openai' as const, model, key: `sk-${provider}`, sends: { path: '/v1/chat/completions', headers: { authorization: `Bearer sk-${provider}` } } }));

/** The matrix's table: one row per channel type with an adapter. Adding a provider means adding one row. */
export const PROVIDER_ROWS: ProviderRow[] = [
  { provider: 'openai', channelType: ChannelType.OpenAI, family: 'openai', model: 'gpt-4o-mini', key: 'sk-openai', sends: { path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-openai' }, body: { model: 'gpt-4o-mini' } } },
  { provider: 'azure', channelType: ChannelType.Azure, family: 'openai', model: 'gpt-4.1', key: 'azure-secret', other: '2024-10-21', sends: { path: '/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21', headers: { 'api-key': 'azure-secret' }, absentHeaders: ['authorization'] } },
  { provider: 'anthropic', channelType: ChannelType.Anthropic, family: 'anthropic', model: 'claude-sonnet-4-5', key: 'sk-ant-secret', sends: { path: '/v1/messages', headers: { 'x-api-key': 'sk-ant-secret', 'anthropic-version': '2023-06-01' }, body: { model: 'claude-sonnet-4-5' } } },
  { provider: 'gemini', channelType: ChannelType.Gemini, family: 'gemini', model: 'gemini-2.5-flash', key: 'AIza-secret', sends: { path: '/v1beta/models/gemini-2.5-flash:generateContent', headers: { 'x-goog-api-key': 'AIza-secret' } } },
  { provider: 'ai360', channelType: ChannelType.AI360, family: 'openai', model: '360gpt-pro', key: 'sk-360', sends: { path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-360' } } },
  { provider: 'fastgpt', channelType: ChannelType.FastGPT, family: 'openai', model: 'fastgpt-kb', key: 'fastgpt-k9Xy2mPq-65f1c2a9e4b0a1d2c3e4f5a6', sends: { path: '/v1/chat/completions', headers: { authorization: 'Bearer fastgpt-k9Xy2mPq' }, body: { appId: '65f1c2a9e4b0a1d2c3e4f5a6', model: 'fastgpt-kb' } } },
  { provider: 'cloudflare', channelType: ChannelType.Cloudflare, family: 'cloudflare', model: '@cf/meta/llama-3.1-8b-instruct', key: 'cf-token', other: 'cf-account', sends: { path: '/client/v4/accounts/cf-account/ai/v1/chat/completions', headers: { authorization: 'Bearer cf-token' } } },
  { provider: 'minimax', channelType: ChannelType.MiniMax, family: 'minimax', model: 'abab6.5s-chat', key: 'mm-key', sends: { path: '/v1/text/chatcompletion_v2', headers: { authorization: 'Bearer mm-key' } } },
  { provider: 'zhipu-v4', channelType: ChannelType.ZhipuV4, family: 'glm', model: 'glm-4v', key: 'kid4.secret4', sends: { path: '/api/paas/v4/chat/completions' } },
  { provider: 'jina', channelType: ChannelType.Jina, family: 'openai', model: 'jina-embeddings-v3', key: 'jina-secret', unsupported: noChat('Jina serves embeddings and rerank only') },
  { provider: 'baidu', channelType: ChannelType.Baidu, family: 'baidu', model: 'ERNIE-3.5-8K', key: 'ak-1|sk-1', sends: { path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions?access_token=24.matrix-access-token' } },
  { provider: 'zhipu-v3', channelType: ChannelType.Zhipu, family: 'zhipu-v3', model: 'chatglm_turbo', key: 'kid.ksecret', sends: { path: '/api/paas/v3/model-api/chatglm_turbo/invoke' }, unsupported: { refusal: "ChatGLM v3's answers carry no content-filter signal" } },
  { provider: 'qwen', channelType: ChannelType.Ali, family: 'dashscope', model: 'qwen-turbo', key: 'sk-dash', sends: { path: '/api/v1/services/aigc/text-generation/generation', headers: { authorization: 'Bearer sk-dash' }, body: { model: 'qwen-turbo', parameters: { result_format: 'message' } } }, unsupported: { refusal: 'DashScope rejects unsafe content with a 400 DataInspectionFailed error, not a finish reason' } },
  { provider: 'hunyuan', channelType: ChannelType.Tencent, family: 'hunyuan', model: 'hunyuan-lite', key: '1250000000|AKID-1|tc-secret', sends: { path: '/', headers: { 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01' }, body: { Model: 'hunyuan-lite', Stream: false } } },
  { provider: 'palm', channelType: ChannelType.PaLM, family: 'palm', model: 'chat-bison-001', key: 'AIza-palm', reportsUsage: false, sends: { path: '/v1beta2/models/chat-bison-001:generateMessage?key=AIza-palm' }, unsupported: { 'malformed-stream': 'PaLM cannot stream: a streamed call is answered from one whole body', 'no-usage': 'PaLM never reports usage: every cell is billed by the count, which the client is told', refusal: 'PaLM answers a blocked prompt with filters and no candidate, which the gateway judges a failed attempt (502, retried on the next channel): there is no finish reason' } },
  { provider: 'cohere', channelType: ChannelType.Cohere, family: 'cohere', model: 'command-r', key: 'co-secret', sends: { path: '/v1/chat', headers: { authorization: 'Bearer co-secret' } } },
  { provider: 'dify', channelType: ChannelType.Dify, family: 'dify', model: 'dify-app', key: 'app-secret', sends: { path: '/v1/chat-messages', headers: { authorization: 'Bearer app-secret' }, body: { inputs: {}, response_mode: 'blocking', user: 'tollgate' } }, unsupported: { refusal: "Dify's chat-messages has no content-filter signal: an app's moderation answers as ordinary text" } },
  { provider: 'aiproxy-library', channelType: ChannelType.AIProxyLibrary, family: 'aiproxy', model: 'aiproxy-kb', key: 'aip-secret', other: 'lib-matrix', reportsUsage: false, sends: { path: '/api/library/ask', headers: { authorization: 'Bearer aip-secret' }, body: { libraryId: 'lib-matrix' } }, unsupported: { 'no-usage': 'the library never reports usage: every cell is billed by the count, which the client is told', refusal: 'the library has no content-filter signal' } },
  { provider: 'xunfei', channelType: ChannelType.Xunfei, family: 'xunfei', model: 'SparkDesk', key: 'app1|secret1|key1', other: 'v3.5', sends: { path: '/v3.5/chat', body: { header: { app_id: 'app1' }, parameter: { chat: { domain: 'generalv3.5' } } } }, unsupported: { refusal: 'Spark signals filtered content with error code 10013/10014 on the socket, which the gateway judges a failed attempt (502, retried on the next channel, as the 200-refusal cell shows), not a finish reason' } },
  { provider: 'aws-claude', channelType: ChannelType.Aws, family: 'bedrock', model: 'claude-3-5-haiku-20241022', key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-west-2', sends: { path: '/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke', body: { anthropic_version: 'bedrock-2023-05-31' } } },
  { provider: 'vertex-gemini', channelType: ChannelType.VertexAI, family: 'vertex', model: 'gemini-2.0-flash', key: vertexAccount, other: 'europe-west4', sends: { path: '/v1/projects/matrix-project/locations/europe-west4/publishers/google/models/gemini-2.0-flash:generateContent' } },
  { provider: 'vertex-claude', channelType: ChannelType.VertexAI, family: 'vertex', model: 'claude-3-5-sonnet-20240620', key: vertexAccount, other: 'europe-west4', sends: { path: '/v1/projects/matrix-project/locations/europe-west4/publishers/anthropic/models/claude-3-5-sonnet@20240620:rawPredict', body: { anthropic_version: 'vertex-2023-10-16' } } },
  ...openAICompatibleRows,
];
