import type { Channel } from '../../ports/documents/channel-store.js';
import { type TaskPlatform, VideoPlatforms } from '../../ports/documents/task-store.js';
import { doubao } from './doubao/index.js';
import { hailuo } from './hailuo/index.js';
import { jimeng } from './jimeng/index.js';
import { kling } from './kling/index.js';
import { sora } from './sora/index.js';
import { veoGemini } from './veo/gemini.js';
import { veoVertex } from './veo/vertex.js';
import { vidu } from './vidu/index.js';
import type { VideoProvider } from './video-provider.js';

/** Every video provider; a new one is a folder beside `sora/` and a line here. */
const PROVIDERS: readonly VideoProvider[] = [sora, kling, doubao, vidu, hailuo, jimeng, veoGemini, veoVertex];

/** The provider a channel speaks, or null for a channel that makes no videos. */
export function videoProviderFor(channel: Channel): VideoProvider | null {
  return PROVIDERS.find((provider) => provider.channelTypes.includes(channel.type)) ?? null;
}

/** The provider of a stored task's platform. */
export function videoProviderOf(platform: TaskPlatform): VideoProvider | null {
  return PROVIDERS.find((provider) => provider.platform === platform) ?? null;
}

export const isVideoPlatform = (platform: TaskPlatform) => VideoPlatforms.includes(platform);
