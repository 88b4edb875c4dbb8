import { z } from 'zod/mini';

/** The `channel` push: a channel changed (null: some or all of them), so open channel pages refetch. */
export const channelChangedSchema = z.object({ id: z.nullable(z.int()) });
export type ChannelChanged = z.infer<typeof channelChangedSchema>;
