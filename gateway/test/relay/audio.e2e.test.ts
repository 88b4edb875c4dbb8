import { countTokens } from 'gpt-tokenizer';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockSpeech } from '../mock-upstream/openai/openai-surfaces-mock.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { chargeTracker } from '../support/clients/relay-billing.js';

/**
 * The Audio API through the real embedded server, the openai SDK as client. Speech is billed by
 * its input (tts-* per character), transcriptions and translations by the upstream's usage
 * (tokens, or 1000 tokens a minute of audio) or else by the tokens of the returned text.
 */
const SPOKEN = 'the quick brown fox';
const AUDIO = Buffer.from('RIFF....WAVEfmt fake audio bytes');

describe('audio: speech, transcriptions and translations', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;
  let apiKey: string;
  let tracker: ReturnType<typeof chargeTracker>;
  const audioFile = () => toFile(AUDIO, 'hello.wav', { type: 'audio/wav' });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: SPOKEN, promptTokens: 5, completionTokens: 7, audioSeconds: 3 });
    await priceModels(fixture, { 'tts-1': 2, 'gpt-4o-mini-tts': 1, 'whisper-1': 1, 'gpt-4o-transcribe': 1 }, { 'gpt-4o-transcribe': 4 });
    await fixture.root.must('POST', '/api/channel/', {
      name: 'openai', type: 1, key: 'k', base_url: fixture.upstream.url, group: 'default',
      models: 'tts-1,gpt-4o-mini-tts,whisper-1,gpt-4o-transcribe', model_mapping: '{"whisper-1":"whisper-large-v3"}',
    });
    const { user, key } = await userWithKey(fixture, 'june', 1_000_000);
    tracker = chargeTracker(user);
    apiKey = key;
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => fixture?.close());

  it('speaks with tts-1: the audio bytes piped through, billed 2 x the input characters', async () => {
    const input = 'Hello, world! 你好';
    const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: 'wav' });
    expect(speech.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await speech.arrayBuffer())).toEqual(mockSpeech(input));
    const row = await tracker.expectCharged(2 * 16);
    expect(row).toMatchObject({ model_name: 'tts-1', prompt_tokens: 16, completion_tokens: 0 });
  });

  it('bills a token-priced speech model (gpt-4o-mini-tts) by the tokens of its input', async () => {
    const input = 'A calm voice reads this sentence.';
    await (await client.audio.speech.create({ model: 'gpt-4o-mini-tts', voice: 'coral', input })).arrayBuffer();
    await tracker.expectCharged(countTokens(input));
  });

  it('transcribes a form forwarded part for part (model mapped), billed by the duration it reports', async () => {
    const transcription = await client.audio.transcriptions.create({ model: 'whisper-1', file: await audioFile() });
    expect(transcription.text).toBe(SPOKEN);
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/audio/transcriptions');
    expect(sent?.body).toMatchObject({ model: 'whisper-large-v3' });
    expect(sent?.files.map(({ field, filename, type, bytes }) => ({ field, filename, type, bytes }))).toEqual([{ field: 'file', filename: 'hello.wav', type: 'audio/wav', bytes: AUDIO }]);
    const row = await tracker.expectCharged(50);
    expect(row).toMatchObject({ model_name: 'whisper-1', prompt_tokens: 0, completion_tokens: 50 });
  });

  it('reads verbose_json duration: 61 s -> 61/60 x 1000 = 1017 tokens', async () => {
    fixture.upstream.configure({ audioSeconds: 61 });
    const verbose = await client.audio.transcriptions.create({ model: 'whisper-1', file: await audioFile(), response_format: 'verbose_json' });
    fixture.upstream.configure({ audioSeconds: 3 });
    expect(verbose.duration).toBe(61);
    await tracker.expectCharged(1017);
  });

  it('answers text and srt as text, billed by the tokens of the spoken text', async () => {
    const text = await client.audio.transcriptions.create({ model: 'whisper-1', file: await audioFile(), response_format: 'text' });
    expect(text).toBe(`${SPOKEN}\n`);
    await tracker.expectCharged(countTokens(`${SPOKEN}\n`));
    const srt = await client.audio.transcriptions.create({ model: 'whisper-1', file: await audioFile(), response_format: 'srt' });
    expect(srt).toContain('00:00:00,000 --> 00:00:02,000');
    await tracker.expectCharged(countTokens(SPOKEN));
  });

  it('bills gpt-4o-transcribe by its token usage, plain and streamed', async () => {
    await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await audioFile() });
    expect((await tracker.expectCharged(5 + 7 * 4)).is_stream).toBe(false);
    const stream = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await audioFile(), stream: true });
    let text = '';
    for await (const event of stream) if (event.type === 'transcript.text.delta') text += event.delta;
    expect(text).toBe(SPOKEN);
    expect((await tracker.expectCharged(5 + 7 * 4)).is_stream).toBe(true);
  });

  it('bills a transcription whose upstream reports no usage by the tokens of its text, plain and streamed', async () => {
    fixture.upstream.configure({ omitUsage: true });
    try {
      const plain = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await audioFile() });
      expect(plain.text).toBe(SPOKEN);
      expect(await tracker.expectCharged(countTokens(SPOKEN) * 4)).toMatchObject({ prompt_tokens: 0, completion_tokens: countTokens(SPOKEN) });
      const stream = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file: await audioFile(), stream: true });
      for await (const event of stream) expect(event.type).toMatch(/^transcript\.text\./);
      expect(await tracker.expectCharged(countTokens(SPOKEN) * 4)).toMatchObject({ prompt_tokens: 0, completion_tokens: countTokens(SPOKEN), is_stream: true });
    } finally {
      fixture.upstream.configure({ omitUsage: false });
    }
  });

  it('translates, billed like a transcription', async () => {
    const translation = await client.audio.translations.create({ model: 'whisper-1', file: await audioFile() });
    expect(translation.text).toBe(SPOKEN);
    expect(fixture.upstream.requests.at(-1)?.path).toBe('/v1/audio/translations');
    await tracker.expectCharged(50);
  });

  it('refuses bad forms, JSON, unknown models and oversized uploads in the OpenAI shape, charging nothing', async () => {
    const before = fixture.upstream.requests.length;
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${fixture.tollgate.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, ...headers }, body });
    const form = (fields: Record<string, string>, file?: Buffer) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      if (file) body.append('file', new Blob([new Uint8Array(file)], { type: 'audio/wav' }), 'a.wav');
      return body;
    };
    const refusal = async (response: Response) => ({ status: response.status, error: ((await response.json()) as { error: { message: string; type: string } }).error });
    expect(await refusal(await post(form({ model: 'whisper-1' })))).toMatchObject({ status: 400, error: { message: 'file is required (a file)', type: 'invalid_request_error' } });
    expect(await refusal(await post(form({}, AUDIO)))).toMatchObject({ status: 400, error: { message: 'model: 未指定模型名称' } });
    expect(await refusal(await post(JSON.stringify({ model: 'whisper-1' }), { 'content-type': 'application/json' }))).toMatchObject({ status: 400 });
    expect(await refusal(await post(form({ model: 'no-such-model' }, AUDIO)))).toMatchObject({ status: 503, error: { message: '当前分组 default 下对于模型 no-such-model 无可用渠道' } });
    expect(await refusal(await post(form({ model: 'whisper-1' }, Buffer.alloc(27 * 1024 * 1024))))).toMatchObject({ status: 413, error: { type: 'invalid_request_error' } });
    await expect(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: '' })).rejects.toMatchObject({ status: 400 });
    expect(fixture.upstream.requests.length).toBe(before);
    await (await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'ok' })).arrayBuffer();
    await tracker.expectCharged(4);
  });
});
