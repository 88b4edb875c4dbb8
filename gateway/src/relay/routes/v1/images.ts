import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ImageOrder } from '../../../billing/image-price.js';
import { strictInt } from '../../../http/strict-int.js';
import { callerOf, keyFirst } from '../../admission/caller.js';
import { type ImageCall, relayImages } from '../../surfaces/image-call.js';
import type { RelayContext } from '../../relay-context.js';
import { checkedBody, formFieldsOf, registerMultipartRoutes, requestForm } from './multipart.js';

/** One gpt-image-1 image may weigh 50 MB (OpenAI's limit); a form bigger than that is refused with 413. */
const IMAGE_FORM_LIMIT = 50 * 1024 * 1024;

/** The fields that price an image call; in a form they arrive as text, hence the decimal reading. */
const orderFields = {
  model: z.string().min(1).optional(),
  n: strictInt(z.number().int().min(1).max(10)).optional(),
  size: z.string().optional(),
  quality: z.string().optional(),
};
const prompt = z.string().min(1, 'prompt is required');
const generationSchema = z.looseObject({ ...orderFields, prompt });
const editSchema = z.looseObject({ ...orderFields, prompt });
const variationSchema = z.looseObject(orderFields);

type OrderFields = z.infer<typeof variationSchema>;

/** OpenAI's defaults for what the client left out: dall-e-2, one image, 1024x1024. */
const orderOf = (fields: OrderFields): ImageOrder => ({ model: fields.model ?? 'dall-e-2', n: fields.n ?? 1, size: fields.size ?? '1024x1024', quality: fields.quality ?? '' });

/** An edit or variation comes as a form with its images; gpt-image-1 edits may come as JSON with image URLs. */
async function formOrJsonCall(request: FastifyRequest, path: ImageCall['path'], schema: z.ZodType<OrderFields>): Promise<ImageCall> {
  const form = await requestForm(request);
  if (form) return { path, order: orderOf(formFieldsOf(form, schema, ['image', 'image[]'])), payload: { kind: 'form', form } };
  const body = checkedBody(schema, request.body);
  return { path, order: orderOf(body), payload: { kind: 'json', body } };
}

/** The Images API: generations (JSON), edits and variations (multipart forms), billed per image. */
export function registerImages(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/v1/images/generations', { ...keyFirst(ctx.cache), schema: { body: generationSchema } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body as z.infer<typeof generationSchema>;
    await relayImages(ctx, caller, request, reply, { path: '/v1/images/generations', order: orderOf(body), payload: { kind: 'json', body } });
    return reply;
  });
  registerMultipartRoutes(app, IMAGE_FORM_LIMIT, (scope) => {
    const routes = [
      { path: '/v1/images/edits', schema: editSchema },
      { path: '/v1/images/variations', schema: variationSchema },
    ] as const;
    for (const { path, schema } of routes) {
      scope.post(path, keyFirst(ctx.cache), async (request, reply) => {
        const caller = callerOf(request);
        await relayImages(ctx, caller, request, reply, await formOrJsonCall(request, path, schema));
        return reply;
      });
    }
  });
}
