import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completionTokensOf, FULL, MODELS, type NoUsageHarness, PROMPT, startNoUsageHarness } from '../support/gateways/no-usage-fixture.js';

/**
 * Every answer billed, on OpenAI's surfaces: an upstream that reports no usage, plain or streamed,
 * is billed the tokenizer's count of the prompt and of everything the answer produced (text,
 * reasoning, tool calls), whichever channel served it.
 */
describe('OpenAI surfaces billed by count when the upstream reports no usage', () => {
  let h: NoUsageHarness;
  let client: OpenAI;
  const messages = [{ role: 'user' as const, content: PROMPT }];
  const prompt = countTokens(PROMPT);
  const completion = completionTokensOf(FULL);

  beforeAll(async () => {
    h = await startNoUsageHarness('nora');
    client = new OpenAI({ apiKey: h.key, baseURL: `${h.fixture.tollgate.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => h?.close());
  beforeEach(async () => {
    h.upstream.configure(FULL);
    await h.resync();
  });

  async function streamChat(model: string): Promise<{ text: string; reasoning: string; tool: string }> {
    const seen = { text: '', reasoning: '', tool: '' };
    for await (const chunk of await client.chat.completions.create({ model, messages, stream: true, stream_options: { include_usage: true } })) {
      const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string; tool_calls?: { function?: { name?: string; arguments?: string } }[] } | undefined;
      seen.text += delta?.content ?? '';
      seen.reasoning += delta?.reasoning_content ?? '';
      seen.tool += (delta?.tool_calls ?? []).map((call) => (call.function?.name ?? '') + (call.function?.arguments ?? '')).join('');
    }
    return seen;
  }

  for (const [channel, model] of Object.entries(MODELS)) {
    it(`bills a plain chat answer with reasoning and a tool call from the ${channel} channel`, async () => {
      const answer = await client.chat.completions.create({ model, messages });
      const message = answer.choices[0]?.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
      expect(message.content).toBe(FULL.text);
      expect(message.reasoning_content).toBe(FULL.reasoning);
      expect(message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: JSON.stringify(FULL.tool?.args) } });
      await h.expectBilled(prompt, completion);
    });

    it(`bills a streamed chat answer with reasoning and a tool call from the ${channel} channel`, async () => {
      const seen = await streamChat(model);
      expect(seen).toEqual({ text: FULL.text, reasoning: FULL.reasoning, tool: `get_weather${JSON.stringify(FULL.tool?.args)}` });
      await h.expectBilled(prompt, completion);
    });
  }

  it('bills a plain text-only answer by its text', async () => {
    h.upstream.configure({ reasoning: '', text: 'Paris will be sunny tomorrow.', tool: null });
    const answer = await client.chat.completions.create({ model: MODELS.openai, messages });
    expect(answer.choices[0]?.message.content).toBe('Paris will be sunny tomorrow.');
    await h.expectBilled(prompt, countTokens('Paris will be sunny tomorrow.'));
  });

  it('counts what a partial usage left out and keeps what it reported, plain and streamed', async () => {
    h.upstream.configure({ ...FULL, partialUsage: { prompt_tokens: 9 } });
    await client.chat.completions.create({ model: MODELS.openai, messages });
    await h.expectBilled(9, completion);
    h.upstream.configure({ ...FULL, partialUsage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } });
    await streamChat(MODELS.openai);
    await h.expectBilled(prompt, completion);
    h.upstream.configure({ ...FULL, partialUsage: { prompt_tokens: 0, completion_tokens: 4, total_tokens: 4 } });
    await client.chat.completions.create({ model: MODELS.openai, messages });
    await h.expectBilled(prompt, 4);
  });

  it('bills legacy completions, plain and streamed, by their text', async () => {
    const plain = await client.completions.create({ model: MODELS.openai, prompt: PROMPT });
    expect(plain.choices[0]?.text).toBe(FULL.text);
    await h.expectBilled(prompt, countTokens(FULL.text));
    let streamed = '';
    for await (const chunk of await client.completions.create({ model: MODELS.openai, prompt: PROMPT, stream: true })) streamed += chunk.choices[0]?.text ?? '';
    expect(streamed).toBe(FULL.text);
    await h.expectBilled(prompt, countTokens(FULL.text));
  });

  it('bills a Responses answer, plain and streamed, by its reasoning, text and function call', async () => {
    const plain = await client.responses.create({ model: MODELS.openai, input: PROMPT });
    expect(plain.output_text).toBe(FULL.text);
    await h.expectBilled(prompt, completion);
    const types: string[] = [];
    for await (const event of await client.responses.create({ model: MODELS.openai, input: PROMPT, stream: true })) types.push(event.type);
    expect(types).toContain('response.function_call_arguments.delta');
    await h.expectBilled(prompt, completion);
  });

  it('bills embeddings by the input alone', async () => {
    const embedded = await client.embeddings.create({ model: MODELS.openai, input: PROMPT, encoding_format: 'float' });
    expect(embedded.data[0]?.embedding).toEqual([0.25, -0.5]);
    await h.expectBilled(prompt, 0);
  });

  it('bills the playground, plain and streamed, as the chat surface', async () => {
    const plain = await h.user.send('POST', '/pg/chat/completions', { model: MODELS.openai, group: 'default', messages });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain(FULL.text);
    await h.expectBilled(prompt, completion);
    const streamed = await h.user.send('POST', '/pg/chat/completions', { model: MODELS.openai, group: 'default', stream: true, messages });
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toContain('get_weather');
    await h.expectBilled(prompt, completion);
  });
});
