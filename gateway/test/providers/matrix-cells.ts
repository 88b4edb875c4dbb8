import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import type { ExpectStatic } from 'vitest';
import { type CaseName, cellTag, SCRIPT } from './matrix-cases.js';
import type { SeenRequest } from '../mock-upstream/provider-mock.js';
import type { moneyTracker } from './matrix-money.js';
import type { RequestPart } from '../../src/providers/types.js';

/** What a row expects its provider to receive: the path (with its query), some headers, some of the body. */
export interface RequestCheck {
  path: string;
  headers?: Record<string, string>;
  /** Headers it must not receive (a key that belongs in another header). */
  absentHeaders?: string[];
  body?: Record<string, unknown>;
}

/** The cell's own request at the family mock matches what the row says its provider receives. */
function expectSent(c: CellContext, { absentHeaders = [], ...check }: RequestCheck) {
  const seen = c.upstream.find((request) => request.text.includes(`:${c.id}]]`));
  c.expect(seen).toMatchObject(check);
  for (const name of absentHeaders) c.expect(seen?.headers[name], name).toBeUndefined();
}

/** What a cell is given: the row's model, a client with the cell's own user key, and that user's charges. */
export interface CellContext {
  /** Unique to the cell: its tag carries it, so the cell finds its own requests at the family's mock. */
  id: string;
  model: string;
  /** The requests the row's family mock received (every row of the family, every cell). */
  upstream: SeenRequest[];
  /** The requests of the OpenAI mock behind every row's backup channel, where a retry goes. */
  backupUpstream: SeenRequest[];
  sends?: RequestCheck;
  /** GET /api/channel/test/{the row's channel} as root. */
  testChannel(): Promise<unknown>;
  client: OpenAI;
  /** The gateway's address and the key, for calls whose raw status and body the cell reads. */
  url: string;
  key: string;
  money: ReturnType<typeof moneyTracker>;
  /** The provider reports failures as HTTP 200 with a code in the body: a failed attempt counted as 502, retried on the next channel (this matrix retries 429 and 502). */
  bodyCodedErrors: boolean;
  /** The provider never reports usage: every answer is billed by the gateway's count. */
  countsUsage: boolean;
  /** The model's completion ratio as the pricing page shows it (1 as priced, or new-api's built-in rule where it wins: claude 5, mistral 3, ...). */
  completionRatio: number;
  /** The parts of a request the provider's adapter cannot send: such a request goes to the row's backup channel. */
  cannotTake: readonly RequestPart[];
  expect: ExpectStatic;
}

type Message = OpenAI.Chat.ChatCompletionMessageParam;
const { prompt, completion } = SCRIPT.usage;
const question = (c: CellContext, name: CaseName) => `${cellTag(name, c.id)} What is the weather in Paris?`;
const ask = (c: CellContext, name: CaseName): Message[] => [{ role: 'user', content: question(c, name) }];

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

/** The tokens an answer is billed: the provider's usage, or (where it reports none) the gateway's count of the prompt and the answer. */
function billedTokens(c: CellContext, name: CaseName, answer: string) {
  return c.countsUsage ? { prompt_tokens: countTokens(question(c, name)), completion_tokens: countTokens(answer) } : { prompt_tokens: prompt, completion_tokens: completion };
}

/** The next log row bills exactly those tokens at the model's price, and the ledger moved by as much. */
async function expectBilled(c: CellContext, name: CaseName, answer: string, isStream: boolean) {
  const tokens = billedTokens(c, name, answer);
  c.expect(await c.money.nextCharge()).toMatchObject({ model_name: c.model, ...tokens, quota: Math.round(tokens.prompt_tokens + tokens.completion_tokens * c.completionRatio), is_stream: isStream });
}

/**
 * The usage the client was told is what it was billed, whether the provider reported it or the
 * gateway counted it (AI Proxy's library and PaLM report none): the tokens counted here, and the
 * charge is those tokens at the model's price.
 */
async function expectToldWhatBilled(c: CellContext, name: CaseName, told: OpenAI.CompletionUsage | null | undefined, isStream: boolean) {
  c.expect(told).toMatchObject(billedTokens(c, name, SCRIPT.reply));
  const row = await c.money.nextCharge();
  c.expect(row).toMatchObject({ model_name: c.model, prompt_tokens: told?.prompt_tokens, completion_tokens: told?.completion_tokens, is_stream: isStream });
  c.expect(row.quota).toBe(Math.round((told?.prompt_tokens ?? Number.NaN) + (told?.completion_tokens ?? Number.NaN) * c.completionRatio));
}

const mine = (c: CellContext, requests: SeenRequest[]) => requests.filter((seen) => seen.text.includes(`:${c.id}]]`));
/** The backup channel's key (provider-matrix.e2e.test.ts): an OpenAI row's own channel and its backup share one mock. */
const isBackup = (seen: SeenRequest) => seen.headers.authorization === 'Bearer sk-backup';
/** How often the cell's call reached the row's own channel, and its backup. */
const attempts = (c: CellContext) => [mine(c, c.upstream).filter((seen) => !isBackup(seen)).length, mine(c, c.backupUpstream).filter(isBackup).length];

/**
 * A failed call: the client gets the upstream's status in OpenAI's error shape, and nothing is
 * billed (the next call's charge is the only one). A provider that fails with 200 refused the
 * call inside the attempts, so it was retried (502 is, in this matrix) on the backup, which failed too.
 */
async function expectFailed(c: CellContext, name: CaseName, status: number) {
  const response = await fetch(`${c.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: c.model, messages: ask(c, name) }) });
  c.expect({ status: response.status, body: await response.json() }).toMatchObject({ status, body: { error: { message: c.expect.any(String), type: c.expect.any(String) } } });
  c.expect(attempts(c)).toEqual([1, c.bodyCodedErrors ? 1 : 0]);
  await c.client.chat.completions.create({ model: c.model, messages: ask(c, 'plain') });
  await expectBilled(c, 'plain', SCRIPT.reply, false);
}

/**
 * The row's channel fails the first attempt (a 429, or a refusal sent with status 200 that the
 * attempt loop judged): the call is retried on the backup channel, whose answer the client gets,
 * billed once by the backup's (OpenAI's) reported usage.
 */
async function expectRetriedOnBackup(c: CellContext, name: CaseName) {
  const answer = await c.client.chat.completions.create({ model: c.model, messages: ask(c, name) });
  c.expect(answer.choices[0]?.message.content).toBe(SCRIPT.reply);
  c.expect(attempts(c)).toEqual([1, 1]);
  c.expect(await c.money.nextCharge()).toMatchObject({ model_name: c.model, prompt_tokens: prompt, completion_tokens: completion, quota: Math.round(prompt + completion * c.completionRatio), is_stream: false });
}

const weatherTool: OpenAI.Chat.ChatCompletionTool = { type: 'function', function: { name: SCRIPT.tool.name, description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

/** The cell as the channel that serves it sees it: the row's backup (OpenAI, which reports usage) where the row's provider cannot take `part`. */
const servedBy = (c: CellContext, part: RequestPart): CellContext => (c.cannotTake.includes(part) ? { ...c, countsUsage: false } : c);

/** A part the row's provider cannot send never reaches it: the router took the backup channel, which can. */
function expectServedWhereItCan(c: CellContext, part: RequestPart & CaseName) {
  if (!c.cannotTake.includes(part)) return;
  c.expect(mine(c, c.upstream)).toEqual([]);
  c.expect(mine(c, c.backupUpstream).length).toBeGreaterThan(0);
}

/** Each case: what the client sees and what it is billed, through the OpenAI SDK. */
export const CELLS: Record<CaseName, (c: CellContext) => Promise<void>> = {
  async plain(c) {
    const answer = await c.client.chat.completions.create({ model: c.model, messages: ask(c, 'plain') });
    c.expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: SCRIPT.reply }, finish_reason: 'stop' });
    await expectToldWhatBilled(c, 'plain', answer.usage, false);
    if (c.sends) expectSent(c, c.sends);
    c.expect(await c.testChannel()).toMatchObject({ success: true, message: '', model: c.model });
  },
  async streamed(c) {
    const seen = await collectStream(await streamOf(c, ask(c, 'streamed')));
    c.expect(seen).toMatchObject({ text: SCRIPT.reply, finish: 'stop', error: null });
    await expectToldWhatBilled(c, 'streamed', seen.usage, true);
  },
  async tools(row) {
    const c = servedBy(row, 'tools');
    const messages = ask(c, 'tools');
    const first = await c.client.chat.completions.create({ model: c.model, messages, tools: [weatherTool] });
    const choice = first.choices[0];
    c.expect(choice?.finish_reason).toBe('tool_calls');
    const call = choice?.message.tool_calls?.[0];
    c.expect(call?.type === 'function' ? { name: call.function.name, args: JSON.parse(call.function.arguments) as unknown } : call).toEqual({ name: SCRIPT.tool.name, args: SCRIPT.tool.args });
    await expectBilled(c, 'tools', '', false);
    const withResult: Message[] = [...messages, { role: 'assistant', content: null, tool_calls: choice?.message.tool_calls ?? [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: SCRIPT.toolResult }];
    const second = await c.client.chat.completions.create({ model: c.model, messages: withResult, tools: [weatherTool] });
    c.expect(second.choices[0]).toMatchObject({ message: { content: SCRIPT.afterTool }, finish_reason: 'stop' });
    await expectBilled(c, 'tools', SCRIPT.afterTool, false);
    expectServedWhereItCan(row, 'tools');
  },
  async images(row) {
    const c = servedBy(row, 'images');
    const content: OpenAI.Chat.ChatCompletionContentPart[] = [{ type: 'text', text: `${cellTag('images', c.id)} What is in this picture?` }, { type: 'image_url', image_url: { url: `data:image/png;base64,${SCRIPT.pixelBase64}` } }];
    const answer = await c.client.chat.completions.create({ model: c.model, messages: [{ role: 'user', content }] });
    c.expect(answer.choices[0]?.message.content).toBe(SCRIPT.seesImage);
    await expectBilled(c, 'images', SCRIPT.seesImage, false);
    expectServedWhereItCan(row, 'images');
  },
  // RetryTimes 1, 429 and 502 retried: the rate-limited call, or one a provider refused with 200, goes to the row's backup channel, which answers it.
  '429': (c) => expectRetriedOnBackup(c, '429'),
  '200-refusal': (c) => expectRetriedOnBackup(c, '200-refusal'),
  '5xx': (c) => expectFailed(c, '5xx', 500),
  async 'malformed-stream'(c) {
    const seen = await collectStream(await streamOf(c, ask(c, 'malformed-stream')));
    c.expect(seen.error).toBeNull();
    c.expect(seen.text.length).toBeGreaterThan(0);
    c.expect(SCRIPT.reply.startsWith(seen.text)).toBe(true);
    const row = await c.money.nextCharge();
    c.expect(row).toMatchObject({ prompt_tokens: countTokens(question(c, 'malformed-stream')), completion_tokens: countTokens(seen.text), is_stream: true });
    c.expect(row.quota).toBe(Math.round(row.prompt_tokens + row.completion_tokens * c.completionRatio));
  },
  async 'no-usage'(c) {
    const seen = await collectStream(await streamOf(c, ask(c, 'no-usage')));
    const counted = { prompt_tokens: countTokens(question(c, 'no-usage')), completion_tokens: countTokens(SCRIPT.reply) };
    c.expect(seen).toMatchObject({ text: SCRIPT.reply, finish: 'stop', error: null });
    const row = await c.money.nextCharge();
    c.expect(row).toMatchObject({ ...counted, quota: Math.round(counted.prompt_tokens + counted.completion_tokens * c.completionRatio), is_stream: true });
  },
  async refusal(c) {
    const answer = await c.client.chat.completions.create({ model: c.model, messages: ask(c, 'refusal') });
    c.expect(answer.choices[0]).toMatchObject({ message: { content: SCRIPT.refused }, finish_reason: 'content_filter' });
    await expectBilled(c, 'refusal', SCRIPT.refused, false);
  },
};
