import { withKeyAt } from '../channels/multi-key/key-choice.js';
import type { Channel } from '../ports/documents/channel-store.js';
import type { Task } from '../ports/documents/task-store.js';
import type { ChannelRouter } from '../relay/upstream/channel-router.js';

/** The channel a task was submitted to, with the key that submitted it (a multi-key channel's); null when the channel is gone. */
export function taskChannel(router: ChannelRouter, task: Task): Channel | null {
  const channel = router.byId(task.channelId);
  return channel && withKeyAt(channel, task.keyIndex ?? 0);
}
