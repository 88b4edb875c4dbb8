import { dict } from '@tollgate/wire';
import { defined, refused, type TextReading, textMessages } from '../shared/text-chat.js';

interface HunyuanBody {
  Id?: string;
  Choices?: { FinishReason?: string; Message?: { Content?: string }; Delta?: { Content?: string } }[];
  Usage?: { PromptTokens?: number; CompletionTokens?: number };
  Error?: { Code?: string; Message?: string };
}

/** An OpenAI chat request as a Hunyuan ChatCompletions body (capitalised fields). */
export function hunyuanRequest(body: Record<string, unknown>): Record<string, unknown> {
  return defined({
    Model: body.model,
    Messages: textMessages(body).map((m) => ({ Role: m.role, Content: m.content })),
    Stream: body.stream === true,
    TopP: body.top_p,
    Temperature: body.temperature,
  });
}

/** Hunyuan's finish reasons that are not a plain stop: `sensitive` is its content filter. */
const FINISH: Record<string, string> = dict({ length: 'length', sensitive: 'content_filter' });

/** A Hunyuan body: the JSON answer's `Response`, or one SSE event (which has no wrapper). */
function readBody(body: HunyuanBody): TextReading {
  if (body.Error) return refused(`Hunyuan error ${body.Error.Code ?? ''}: ${body.Error.Message ?? ''}`);
  const choice = body.Choices?.[0];
  const usage = typeof body.Usage?.PromptTokens === 'number' ? { promptTokens: body.Usage.PromptTokens, completionTokens: body.Usage.CompletionTokens ?? 0 } : null;
  const text = choice?.Message?.Content ?? choice?.Delta?.Content ?? '';
  const finish = choice?.FinishReason ? (FINISH[choice.FinishReason] ?? 'stop') : null;
  return { id: body.Id, text, usage, finishReason: finish };
}

export const readHunyuanAnswer = (upstream: unknown): TextReading => readBody((upstream as { Response?: HunyuanBody }).Response ?? {});

export const readHunyuanEvent = (upstream: unknown): TextReading | null => (upstream ? readBody(upstream as HunyuanBody) : null);
