import type { UpstreamFailure } from './health-rules.js';

interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * The failure in any provider's error body: OpenAI `{error: {message, type, code}}`, Anthropic
 * `{type: 'error', error: {type, message}}`, Gemini `{error: {code, message, status}}`, or plain text.
 */
export function readUpstreamFailure(status: number, body: string): UpstreamFailure {
  let parsed: ErrorBody | null = null;
  try {
    parsed = JSON.parse(body) as ErrorBody;
  } catch {
    return { status, type: '', code: '', message: body.slice(0, 500) };
  }
  const error = parsed?.error;
  if (error !== null && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    return { status, type: text(e.type) || text(e.status), code: text(e.code), message: text(e.message) };
  }
  return { status, type: '', code: '', message: text(error) || text(parsed?.message) || body.slice(0, 500) };
}
