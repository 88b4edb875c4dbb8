import { apiStream } from '../../api/client';

export interface ChatRequest {
  model: string;
  group: string;
  messages: { role: string; content: string }[];
  temperature: number;
  top_p: number;
  max_tokens?: number;
  stream: boolean;
}

interface Choice {
  delta?: { content?: string };
  message?: { content?: string };
}

/** One SSE `data:` payload: the text it adds, or `end` for the done marker or an empty choices list. */
function readEvent(data: string): string | 'end' {
  if (data === '[DONE]') return 'end';
  const choices = (JSON.parse(data) as { choices?: Choice[] }).choices ?? [];
  if (choices.length === 0) return 'end';
  return choices[0]?.delta?.content ?? '';
}

/** Reads SSE frames off the body, calling `onDelta` per text piece; ends on [DONE], empty choices, the stream's close or stop. */
async function readStream(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void, signal?: AbortSignal): Promise<void> {
  const reader = body.getReader();
  // Stop ends the read at once, whatever the fetch implementation does with an aborted body.
  signal?.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const event = readEvent(line.slice(5).trim());
      if (event === 'end') return void reader.cancel();
      if (event) onDelta(event);
    }
  }
}

/** Sends a playground chat to /pg/chat/completions; streamed or whole, the answer arrives through `onDelta`. */
export async function sendChat(request: ChatRequest, onDelta: (text: string) => void, signal?: AbortSignal): Promise<void> {
  const response = await apiStream('/pg/chat/completions', request, signal);
  if (!request.stream || !response.body) {
    const answer = (await response.json()) as { choices?: Choice[] };
    return onDelta(answer.choices?.[0]?.message?.content ?? '');
  }
  await readStream(response.body, onDelta, signal);
}
