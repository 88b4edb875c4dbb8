import type { ServerResponse } from 'node:http';
import type { MockOptions, RecordedRequest } from './openai-mock-options.js';
import { answerCompaction, answerModeration, answerRerank, answerResponses } from './openai-responses-mock.js';

type SurfaceHandler = (response: ServerResponse, request: RecordedRequest, options: MockOptions) => void | Promise<void>;

const json = (response: ServerResponse, body: object) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** The bytes of every image the mock draws: a PNG signature, enough to be recognisable. */
export const MOCK_IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** OpenAI's Images answer: n images, base64 when asked (gpt-image-1 always), else URLs. */
function answerImages(response: ServerResponse, { body }: RecordedRequest): void {
  const n = Number(body.n ?? 1);
  const model = String(body.model ?? 'dall-e-2');
  const b64 = body.response_format === 'b64_json' || model.startsWith('gpt-image');
  const data = Array.from({ length: n }, (_, i) => (b64 ? { b64_json: MOCK_IMAGE.toString('base64') } : { url: `https://images.mock/${model}/${i}.png`, revised_prompt: String(body.prompt ?? '') }));
  json(response, { created: Math.floor(Date.now() / 1000), data });
}

const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' };

/** The audio the mock speaks for an input: an ID3 tag then the input's bytes, in two chunks as a real stream. */
export const mockSpeech = (input: string): Buffer => Buffer.concat([Buffer.from('ID3'), Buffer.from(input)]);

function answerSpeech(response: ServerResponse, { body }: RecordedRequest): void {
  const audio = mockSpeech(String(body.input ?? ''));
  response.writeHead(200, { 'content-type': AUDIO_TYPES[String(body.response_format ?? 'mp3')] ?? 'audio/mpeg', 'transfer-encoding': 'chunked' });
  response.write(audio.subarray(0, 3));
  response.end(audio.subarray(3));
}

/** whisper-1 reports seconds of audio, the gpt-4o transcribers tokens. */
function transcriptionUsage(model: string, options: MockOptions): object | undefined {
  if (options.omitUsage) return undefined;
  if (!model.startsWith('gpt-4o')) return { type: 'duration', seconds: options.audioSeconds };
  return { type: 'tokens', input_tokens: options.promptTokens, output_tokens: options.completionTokens, total_tokens: options.promptTokens + options.completionTokens };
}

const SRT = (text: string) => `1\n00:00:00,000 --> 00:00:02,000\n${text}\n\n`;
const VTT = (text: string) => `WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n${text}\n\n`;

function streamTranscription(response: ServerResponse, text: string, usage: object | undefined): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const delta of text.split(/(?<= )/)) response.write(`data: ${JSON.stringify({ type: 'transcript.text.delta', delta })}\n\n`);
  response.end(`data: ${JSON.stringify({ type: 'transcript.text.done', text, usage })}\n\n`);
}

/** Transcriptions and translations in each response_format, as OpenAI answers them. */
function answerTranscription(response: ServerResponse, { body }: RecordedRequest, options: MockOptions): void {
  const model = String(body.model ?? '');
  const text = options.reply;
  const usage = transcriptionUsage(model, options);
  if (body.stream === 'true') return streamTranscription(response, text, usage);
  const format = String(body.response_format ?? 'json');
  const plain = { text: `${text}\n`, srt: SRT(text), vtt: VTT(text) }[format];
  if (plain !== undefined) {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    return void response.end(plain);
  }
  if (format === 'verbose_json') return json(response, { task: 'transcribe', language: 'english', duration: options.audioSeconds, text, segments: [{ id: 0, start: 0, end: options.audioSeconds, text }] });
  json(response, { text, ...(usage ? { usage } : {}) });
}

const HANDLERS: [suffix: string, handler: SurfaceHandler][] = [
  ['/images/generations', answerImages],
  ['/images/edits', answerImages],
  ['/images/variations', answerImages],
  ['/audio/speech', answerSpeech],
  ['/audio/transcriptions', answerTranscription],
  ['/audio/translations', answerTranscription],
  ['/moderations', answerModeration],
  ['/rerank', answerRerank],
  ['/responses', answerResponses],
  ['/responses/compact', answerCompaction],
];

/** The handler of an OpenAI surface other than chat, completions and embeddings, by path (Azure's deployment paths too). */
export function surfaceHandler(url: string): SurfaceHandler | undefined {
  const path = url.split('?')[0] ?? '';
  return HANDLERS.find(([suffix]) => path.endsWith(suffix))?.[1];
}
