import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { relaySpeech, relayTranscription, type SpeechBody } from '../../surfaces/audio-call.js';
import { callerOf, keyFirst } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';
import { RelayError, RelayMessages } from '../../../http/relay-error.js';
import { formFieldsOf, registerMultipartRoutes, requestForm } from './multipart.js';

/** OpenAI takes audio files up to 25 MB; the form may add a little for its other fields. */
const AUDIO_FORM_LIMIT = 26 * 1024 * 1024;

const speechSchema = z.looseObject({ model: z.string().min(1, RelayMessages.missingModel), input: z.string().min(1, 'input is required') });
const transcriptionFields = z.looseObject({
  model: z.string({ error: RelayMessages.missingModel }).min(1, RelayMessages.missingModel),
  response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt']).optional(),
});

/** The Audio API: speech (JSON in, audio out), transcriptions and translations (a form with the file). */
export function registerAudio(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/v1/audio/speech', { ...keyFirst(ctx.cache), schema: { body: speechSchema } }, async (request, reply) => {
    const caller = callerOf(request);
    await relaySpeech(ctx, caller, request, reply, request.body as SpeechBody);
    return reply;
  });
  registerMultipartRoutes(app, AUDIO_FORM_LIMIT, (scope) => {
    for (const path of ['/v1/audio/transcriptions', '/v1/audio/translations'] as const) {
      scope.post(path, keyFirst(ctx.cache), async (request, reply) => {
        const caller = callerOf(request);
        const form = await requestForm(request);
        if (!form) throw new RelayError(400, `${path} takes multipart/form-data`, 'invalid_request_error', 'invalid_request_error');
        formFieldsOf(form, transcriptionFields, ['file']);
        await relayTranscription(ctx, caller, request, reply, path, form);
        return reply;
      });
    }
  });
}
