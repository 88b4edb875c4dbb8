import { z } from 'zod';

/**
 * A video submit as new-api reads it (its TaskSubmitReq), on `/v1/video/generations` and
 * `/v1/videos` alike: the prompt, the first frame or reference images, and the length and size
 * the price depends on. Provider-specific fields ride in `metadata`, as new-api passes them on.
 */
export const videoRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  prompt: z.string().max(100_000).default(''),
  image: z.string().max(20_000_000).optional(),
  images: z.array(z.string().max(20_000_000)).max(16).optional(),
  size: z.string().max(32).optional(),
  /** Seconds, as new-api's own shape has it. */
  duration: z.number().int().min(1).max(600).optional(),
  /** Seconds, as OpenAI's `/v1/videos` has it (a string there). */
  seconds: z.union([z.string().regex(/^\d{1,3}$/), z.number().int().min(1).max(600)]).optional(),
  mode: z.string().max(32).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type VideoRequest = z.infer<typeof videoRequestSchema>;

/** The length asked for in seconds (`seconds`, else `duration`), or `fallback` when neither is set. */
export function secondsOf(request: VideoRequest, fallback: number): number {
  const seconds = Number(request.seconds ?? 0) || request.duration || 0;
  return seconds > 0 ? seconds : fallback;
}
