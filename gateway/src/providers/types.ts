import type { Dispatcher } from 'undici';
import type { Channel } from '../ports/documents/channel-store.js';

/** Tokens one answer used, normalised from any provider's usage shape. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Of the prompt tokens, those read from the provider's prompt cache (billed at CacheRatio). */
  cachedPromptTokens?: number;
  /** Of the prompt tokens, those written to the cache (Anthropic's cache creation, billed at CreateCacheRatio). */
  cacheWriteTokens?: number;
  /** Of the cache-written tokens, those kept an hour (Anthropic's 1h TTL), billed at CACHE_WRITE_1H_FACTOR x CreateCacheRatio. */
  cacheWrite1hTokens?: number;
  /** Of the prompt tokens, audio input (billed at AudioRatio). */
  audioPromptTokens?: number;
  /** Of the prompt tokens, image input (billed at ImageRatio). */
  imagePromptTokens?: number;
  /** Of the completion tokens, audio output (billed at AudioCompletionRatio). */
  audioCompletionTokens?: number;
  /** Server-side tool calls the upstream reports, by new-api's tool price names (billed per call, billing/tool-prices.ts). */
  toolCalls?: ToolCalls;
}

/** new-api's priced tools: OpenAI's web and file search, Claude's web search, Gemini's Google search. */
export type PricedTool = 'web_search_preview' | 'file_search' | 'web_search' | 'google_search';
export type ToolCalls = Partial<Record<PricedTool, number>>;

/** A part of an OpenAI chat request some providers cannot send: tool definitions and calls, and image input. */
export type RequestPart = 'tools' | 'images';

/** Where a call goes upstream: the origin, the path (with its query) and the auth headers. */
export interface UpstreamTarget {
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** POST unless set: a task poll reads with GET (a video's status, its content). */
  method?: 'GET' | 'POST';
}

/** An HTTP request to send upstream: JSON text, or the bytes of a multipart form. */
export interface UpstreamRequest extends UpstreamTarget {
  body: string | Buffer;
}

/** Turns one provider's stream, event by event, into OpenAI chat chunks. */
export interface StreamTranslator {
  /** OpenAI chunks for one upstream event, parsed and raw (for providers whose data is not JSON); often none. */
  onEvent(event: unknown, raw?: string): object[];
  /** Usage seen so far, or null. */
  usage(): Usage | null;
  /** Chunks owed when the upstream stream ends (a provider with no closing event of its own). */
  finish?(): object[];
}

/**
 * How a provider that does not speak OpenAI's protocol is made to: its answer and its stream
 * are rewritten into OpenAI's shapes. Providers that speak OpenAI have none and are piped as is.
 */
export interface ProviderTranslation {
  /**
   * `status` is set when a 200 from the upstream is a refusal in its own shape (a knowledge base's
   * `success: false`); `text` is the completion text when the body is not an OpenAI answer to read it
   * from (a client surface's own shape).
   */
  answer(upstream: unknown, model: string): { body: object; usage: Usage | null; status?: number; text?: string };
  stream(model: string): StreamTranslator;
  /** How the translated chunks are written; OpenAI's `data:` lines and [DONE] when absent. */
  framing?: StreamFraming;
}

/** How a client's surface frames its stream events (Anthropic names each event; OpenAI ends with [DONE]). */
export interface StreamFraming {
  frame(chunk: object): string;
  /** Written after the last event; empty for a surface that has no closing line. */
  closing: string;
}

/** A stream that is not server-sent events (binary frames, JSON lines), re-framed as SSE before it is read. */
export type AsSse = (body: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

/**
 * A native client surface a provider serves without translation: the client's body (Anthropic's
 * Messages or Google's generateContent) goes upstream with only its envelope changed.
 */
interface NativeSurface {
  /** Whether this provider serves `model` (the upstream's name) natively: Vertex serves Claude and Gemini models. */
  serves(model: string): boolean;
  /** How the native stream is re-framed when it is not SSE already (Bedrock's binary frames). */
  asSse?: AsSse;
}

export interface ClaudeNative extends NativeSurface {
  /** The client's Messages body (its model already the upstream's name); `beta` is its anthropic-beta header. */
  request(channel: Channel, body: Record<string, unknown>, beta: string | undefined): UpstreamRequest | Promise<UpstreamRequest>;
}

export interface GeminiNative extends NativeSurface {
  /** The client's body for `model:method` (`method` may end in `?alt=sse`). */
  request(channel: Channel, model: string, method: string, body: Record<string, unknown>): UpstreamRequest | Promise<UpstreamRequest>;
}

/** One upstream provider family: how to call it and how to read what it answered. */
export interface ProviderAdapter {
  id: string;
  /**
   * `body` is the client's OpenAI-format request for `path`, with the upstream model name already set.
   * Async for providers that must first fetch or sign a credential (an access token, a signed JWT).
   */
  request(channel: Channel, path: string, body: Record<string, unknown>): UpstreamRequest | Promise<UpstreamRequest>;
  /**
   * Where an OpenAI-protocol call of `path` for `model` (the upstream's name) goes, with the auth
   * headers and no body. Only providers whose upstream speaks OpenAI's wire have it: they alone
   * serve the surfaces that are relayed untranslated (images, audio, moderations, rerank,
   * responses), and a multipart form is sent there as is.
   */
  openAITarget?(channel: Channel, path: string, model: string): UpstreamTarget;
  /** Usage of a whole JSON answer, or null when it carries none. */
  usageOfAnswer(answer: unknown): Usage | null;
  /** Usage carried by one parsed stream event, or null. */
  usageOfChunk(chunk: unknown): Usage | null;
  /** Completion text carried by one parsed stream event: text, reasoning, tool calls (for counting when the provider reports no usage). */
  textOfChunk(chunk: unknown): string;
  /** Completion text of a whole answer passed through untranslated, in its own shape (Claude's, Gemini's, Responses'); absent, it is read as OpenAI's. */
  textOfAnswer?(answer: unknown): string;
  /**
   * Sends the request over a transport other than HTTP (Xunfei's WebSocket) and answers as the
   * HTTP pool would. Providers without it are sent through the pool.
   */
  exchange?(upstream: UpstreamRequest, signal: AbortSignal): Promise<Dispatcher.ResponseData>;
  /** The message of a refusal a provider sends with status 200 (Baidu's error_code, Tencent's Error), or null. */
  refusalOf?(answer: unknown): string | null;
  /**
   * The parts of an OpenAI request this provider's adapter cannot send (it speaks text messages
   * only): a request with them goes to a channel that can take them, or is refused with 400 naming
   * them, never sent with them dropped.
   */
  cannotTake?: readonly RequestPart[];
  /**
   * For a provider that speaks OpenAI's shapes but says "filtered" its own way (MiniMax's
   * output_sensitive, GLM-4's finish reason `sensitive`): whether this answer or chunk was
   * filtered, so the client sees OpenAI's `content_filter`.
   */
  filtered?(answerOrChunk: unknown): boolean;
  /** For a provider whose stream is not server-sent events: its bytes re-framed as SSE, before any translation. */
  asSse?: AsSse;
  translation?: ProviderTranslation;
  /** Anthropic's Messages API, when this provider takes it as Claude clients send it. */
  claudeNative?: ClaudeNative;
  /** Google's generateContent, when this provider takes it as Gemini clients send it. */
  geminiNative?: GeminiNative;
}

/** What the relay needs to read an answer as it passes: usage and text, and the translation for a provider that does not speak OpenAI. */
export type AnswerReader = Pick<ProviderAdapter, 'usageOfAnswer' | 'usageOfChunk' | 'textOfChunk' | 'textOfAnswer' | 'translation' | 'asSse' | 'filtered'>;
