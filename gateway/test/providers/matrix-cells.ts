import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import type { ExpectStatic } from 'vitest';
import { type CaseName, cellTag, SCRIPT } from './matrix-cases.js';
import type { moneyTracker } from './matrix-money.js';

/** What a cell is given: the row's model, a client with the cell's own user key, and that user's charges. */
export interface CellContext {
  model: string;
  client: OpenAI;
  /** The gateway's address and the key, for calls whose raw status and body the cell reads. */
  url: string;
  key: string;
  money: ReturnType<typeof moneyTracker>;
  expect: ExpectStatic;
}

type Message = OpenAI.Chat.ChatCompletionMessageParam;
const { prompt, completion } = SCRIPT.usage;
const question = (name: CaseName) => `${cellTag(name)} What is the weather in Paris?`;
const ask = (name: CaseName): Message[] => [{ role: 'user', content: question(name) }];

async function collectStream(stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>) {
  const seen = { text: '', finish: null as string | null, usage: null as OpenAI.CompletionUsage | null, error: null as unknown };
  try {
    for await (const chunk of stream) {
      seen.text += chunk.choices[0]?.delta?.content ?? '';
      seen.finish = chunk.choices[0]?.finish_reason ?? seen.finish;
      seen.usage = chunk.usage ?? seen.usage;
    }
  } catch (error) {
    seen.error = error;
  }
  return seen;
}

const streamOf = (c: CellContext, messages: Message[]) => c.client.chat.completions.create({ model: c.model, stream: true, stream_options: { include_usage: true }, messages });

/** The row every answered cell bills: the provider's usage at ratio 1. */
async function expectBilledAsReported(c: CellContext, isStream: boolean) {
  c.expect(await c.money.nextCharge()).toMatchObject({ model_name: c.model, prompt_tokens: prompt, completion_tokens: completion, quota: prompt + completion, is_stream: isStream });
}

/** A refused call: the client gets `status` in OpenAI's error shape, and nothing is billed (the next call's charge is the only one). */
async function expectFailed(c: CellContext, name: CaseName, status: number) {
  const response = await fetch(`${c.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: c.model, messages: ask(name) }) });
  c.expect({ status: response.status, body: await response.json() }).toMatchObject({ status, body: { error: { message: c.expect.any(String), type: c.expect.any(String) } } });
  await c.client.chat.completions.create({ model: c.model, messages: ask('plain') });
  await expectBilledAsReported(c, false);
}

const weatherTool: OpenAI.Chat.ChatCompletionTool = { type: 'function', function: { name: SCRIPT.tool.name, description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

/** Each case: what the client sees and what it is billed, through the OpenAI SDK. */
export const CELLS: Record<CaseName, (c: CellContext) => Promise<void>> = {
  async plain(c) {
    const answer = await c.client.chat.completions.create({ model: c.model, messages: ask('plain') });
    c.expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: SCRIPT.reply }, finish_reason: 'stop' });
    c.expect(answer.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion });
    await expectBilledAsReported(c, false);
  },
  async streamed(c) {
    const seen = await collectStream(await streamOf(c, ask('streamed')));
    c.expect(seen).toMatchObject({ text: SCRIPT.reply, finish: 'stop', usage: { prompt_tokens: prompt, completion_tokens: completion }, error: null });
    await expectBilledAsReported(c, true);
  },
  async tools(c) {
    const messages = ask('tools');
    const first = await c.client.chat.completions.create({ model: c.model, messages, tools: [weatherTool] });
    const choice = first.choices[0];
    c.expect(choice?.finish_reason).toBe('tool_calls');
    const call = choice?.message.tool_calls?.[0];
    c.expect(call?.type === 'function' ? { name: call.function.name, args: JSON.parse(call.function.arguments) as unknown } : call).toEqual({ name: SCRIPT.tool.name, args: SCRIPT.tool.args });
    await expectBilledAsReported(c, false);
    const withResult: Message[] = [...messages, { role: 'assistant', content: null, tool_calls: choice?.message.tool_calls ?? [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: SCRIPT.toolResult }];
    const second = await c.client.chat.completions.create({ model: c.model, messages: withResult, tools: [weatherTool] });
    c.expect(second.choices[0]).toMatchObject({ message: { content: SCRIPT.afterTool }, finish_reason: 'stop' });
    await expectBilledAsReported(c, false);
  },
  async images(c) {
    const content: OpenAI.Chat.ChatCompletionContentPart[] = [{ type: 'text', text: `${cellTag('images')} What is in this picture?` }, { type: 'image_url', image_url: { url: `data:image/png;base64,${SCRIPT.pixelBase64}` } }];
    const answer = await c.client.chat.completions.create({ model: c.model, messages: [{ role: 'user', content }] });
    c.expect(answer.choices[0]?.message.content).toBe(SCRIPT.seesImage);
    await expectBilledAsReported(c, false);
  },
  '429': (c) => expectFailed(c, '429', 429),
  '5xx': (c) => expectFailed(c, '5xx', 500),
  async 'malformed-stream'(c) {
    const seen = await collectStream(await streamOf(c, ask('malformed-stream')));
    c.expect(seen.text.length).toBeGreaterThan(0);
    c.expect(SCRIPT.reply.startsWith(seen.text)).toBe(true);
    const row = await c.money.nextCharge();
    c.expect(row).toMatchObject({ prompt_tokens: countTokens(question('malformed-stream')), completion_tokens: countTokens(seen.text), is_stream: true });
    c.expect(row.quota).toBe(row.prompt_tokens + row.completion_tokens);
  },
  async 'no-usage'(c) {
    const seen = await collectStream(await streamOf(c, ask('no-usage')));
    const counted = { prompt_tokens: countTokens(question('no-usage')), completion_tokens: countTokens(SCRIPT.reply) };
    c.expect(seen).toMatchObject({ text: SCRIPT.reply, finish: 'stop', error: null });
    const row = await c.money.nextCharge();
    c.expect(row).toMatchObject({ ...counted, quota: counted.prompt_tokens + counted.completion_tokens, is_stream: true });
  },
  async refusal(c) {
    const answer = await c.client.chat.completions.create({ model: c.model, messages: ask('refusal') });
    c.expect(answer.choices[0]).toMatchObject({ message: { content: SCRIPT.refused }, finish_reason: 'content_filter' });
    await expectBilledAsReported(c, false);
  },
};
