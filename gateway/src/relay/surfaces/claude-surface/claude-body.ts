/** The fields of a Messages API request the relay reads; the rest passes through untouched. */
export interface ClaudeBody extends Record<string, unknown> {
  model: string;
  max_tokens: number;
  messages: unknown[];
  system?: unknown;
  stream?: boolean;
}
