import { z } from 'zod/mini';

/** A channel's status: 1 enabled, 2 disabled by hand, 3 disabled automatically (a failed call or test). */
export const ChannelStatus = { Enabled: 1, Disabled: 2, AutoDisabled: 3 } as const;
export type ChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];

export const channelStatusSchema = z.union([z.literal(ChannelStatus.Enabled), z.literal(ChannelStatus.Disabled), z.literal(ChannelStatus.AutoDisabled)]);
