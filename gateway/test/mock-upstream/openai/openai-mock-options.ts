import type { IncomingMessage } from 'node:http';

/** How the OpenAI mock answers; its own module so the mock's server and its per-surface handlers share it without importing each other. */
export interface OpenAIMockOptions {
  reply?: string;
  promptTokens?: number;
  completionTokens?: number;
  /** Milliseconds before the answer (and between stream chunks). */
  latencyMs?: number;
  /** Answer every request with this status and an OpenAI error body. */
  failWith?: number;
  /** Report no usage at all (JSON without `usage`, no usage chunk even when asked), as some upstreams do. */
  omitUsage?: boolean;
  /** Of the prompt tokens, how many the usage reports as read from the prompt cache. */
  cachedTokens?: number;
  /** Of the prompt tokens, how many the usage reports as image input (prompt_tokens_details.image_tokens). */
  imageTokens?: number;
  /** Seconds of audio a whisper-1 transcription reports (`usage.type: duration`, verbose_json's `duration`). */
  audioSeconds?: number;
  /** Report the chat prompt's word count as its prompt tokens, as an upstream counts the prompt it got (lets a test tell calls apart by their charge). */
  countPromptWords?: boolean;
  /** Answer past the request's max_tokens, as a faulty upstream might; real providers stop there. */
  ignoreLimits?: boolean;
}

/** A file part of a multipart request, as received. */
export interface RecordedFile {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  headers: IncomingMessage['headers'];
  /** The JSON body, or a multipart form's text fields. */
  body: Record<string, unknown>;
  /** A multipart form's files, in order. */
  files: RecordedFile[];
  /** The caller hung up before the answer was complete. */
  aborted: boolean;
}

/** The options with every default filled in, as the handlers read them. */
export type MockOptions = Required<OpenAIMockOptions>;
