import { z } from 'zod';

const stateSchema = z.enum(['closed', 'open', 'half-open']);

/** Which breaker, as it crosses a process: a channel's own, or one key's of a multi-key channel. */
export const breakerKeySchema = z.object({
  channelId: z.number().int().min(0),
  keyIndex: z.number().int().min(0).optional(),
});

/** A breaker's state as it crosses a process (Redis pub/sub, a relay worker's link). */
export const breakerStateSchema = breakerKeySchema.extend({
  state: stateSchema,
  until: z.number(),
  coolDownMs: z.number(),
});

/** A transition as it crosses a process; its reason is kept short (an upstream's error text). */
export const breakerTransitionSchema = breakerStateSchema.extend({
  change: z.enum(['opened', 'half-open', 'closed', 'reopened']),
  at: z.number(),
  reason: z.string().max(2000),
});

export const breakerSettingsSchema = z.object({
  threshold: z.number().int().min(0),
  windowMs: z.number().min(0),
  coolDownMs: z.number().min(0),
  maxCoolDownMs: z.number().min(0),
});

export const breakerAnswerSchema = z.union([breakerTransitionSchema, breakerStateSchema]);
