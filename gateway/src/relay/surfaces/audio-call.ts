import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenCountPool } from '../../providers/shared/token-count-pool.js';
import { readTranscription, transcriptionStreamReader } from '../../providers/openai/transcription.js';
import type { Caller } from '../admission/caller.js';
import { pipeStreamAnswer } from './chat-stream.js';
import { formFields, type MultipartForm } from './multipart-form.js';
import { openAIUpstream, speaksOpenAI } from '../upstream/openai-upstream.js';
import { forwardTextAnswer, pipeBodyAnswer } from './passthrough-answer.js';
import type { RelayContext } from '../relay-context.js';
import { relayWithPlan } from '../relay-flow.js';
import { speechTokens } from '../../providers/shared/token-count.js';

/** The fields of a speech request the relay reads; the rest (voice, format, speed) passes through. */
export interface SpeechBody extends Record<string, unknown> {
  model: string;
  input: string;
}

/**
 * POST /v1/audio/speech: the audio is piped to the client as it arrives. Billed by the input
 * (characters for tts-* models, tokens for the others), known before forwarding.
 */
export function relaySpeech(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: SpeechBody): Promise<void> {
  const usage = { promptTokens: speechTokens(body.model, body.input), completionTokens: 0 };
  return relayWithPlan(ctx, caller, request, reply, {
    model: body.model,
    promptText: body.input,
    promptTokensEstimate: usage.promptTokens,
    maxTokens: 0,
    isStream: false,
    accepts: speaksOpenAI,
    build: (channel) => openAIUpstream(channel, '/v1/audio/speech', body.model, { kind: 'json', body }),
    answer: async ({ response }, startedAt, clock) => ({ usage, text: '', firstResponseMs: await pipeBodyAnswer(reply, response, startedAt, clock) }),
    countUsage: () => usage,
  });
}

/**
 * POST /v1/audio/transcriptions and /translations: the client's form forwarded part for part.
 * Billed by the upstream's usage (tokens, or seconds of audio) when it reports one, else by the
 * tokens of the text it returned, in whichever response_format the client asked for.
 */
export function relayTranscription(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, path: '/v1/audio/transcriptions' | '/v1/audio/translations', form: MultipartForm): Promise<void> {
  const fields = formFields(form);
  const model = fields.model ?? '';
  const stream = fields.stream === 'true';
  return relayWithPlan(ctx, caller, request, reply, {
    model,
    promptText: fields.prompt ?? '', // the transcription's hint text; the audio itself is not text
    promptTokensEstimate: 0,
    maxTokens: undefined, // the text's length follows the audio's; the model's most output bounds it
    isStream: stream,
    accepts: speaksOpenAI,
    build: (channel) => openAIUpstream(channel, path, model, { kind: 'form', form }),
    answer: async ({ response }, startedAt, clock) => {
      if (stream) return pipeStreamAnswer(reply, response, transcriptionStreamReader, model, true, startedAt, clock);
      const { text, firstResponseMs } = await forwardTextAnswer(reply, response, startedAt, clock);
      return { ...readTranscription(text, fields.response_format || 'json'), firstResponseMs };
    },
    countUsage: (outcome) => tokenCountPool.usage('', outcome.text),
  });
}
