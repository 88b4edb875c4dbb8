import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** A drawing as the /api/mj lists show it (new-api's Midjourney row; times in milliseconds). */
export const mjTaskRowSchema = z.object({
  id: nonNegativeInt(),
  /** The proxy's submit result code (1 submitted, 21 waiting, 22 duplicate). */
  code: z.int(),
  user_id: nonNegativeInt(),
  action: z.string(),
  mj_id: z.string(),
  prompt: z.string(),
  prompt_en: z.string(),
  description: z.string(),
  submit_time: nonNegativeInt(),
  start_time: nonNegativeInt(),
  finish_time: nonNegativeInt(),
  image_url: z.string(),
  status: z.string(),
  /** e.g. `50%`. */
  progress: z.string(),
  fail_reason: z.string(),
  channel_id: nonNegativeInt(),
  quota: z.int(),
  /** The proxy's own button and property objects, passed on as they came. */
  buttons: z.unknown(),
  properties: z.unknown(),
  /** Epoch seconds. */
  created_at: nonNegativeInt(),
});
export type MjTaskRow = z.infer<typeof mjTaskRowSchema>;

/** An asynchronous task (Suno, a video) as the /api/task lists show it (new-api's Task row; times in seconds). */
export const asyncTaskRowSchema = z.object({
  id: nonNegativeInt(),
  created_at: nonNegativeInt(),
  task_id: z.string(),
  platform: z.string(),
  user_id: nonNegativeInt(),
  channel_id: nonNegativeInt(),
  quota: z.int(),
  action: z.string(),
  status: z.string(),
  fail_reason: z.string(),
  submit_time: nonNegativeInt(),
  start_time: nonNegativeInt(),
  finish_time: nonNegativeInt(),
  progress: z.string(),
  /** The platform's own answer (JSON), or null. */
  data: z.unknown(),
  /** A finished video's address (the provider's, or this gateway's content route); absent for other tasks. */
  result_url: z.optional(z.string()),
});
export type AsyncTaskRow = z.infer<typeof asyncTaskRowSchema>;
