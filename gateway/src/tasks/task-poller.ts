import { randomBytes } from 'node:crypto';
import { newEventMetadata, runInBackground } from '@tollgate/ledger';
import type { TaskRefunded } from '@tollgate/wire';
import type { LiveFanout } from '../ports/live-fanout.js';
import { type Task, TaskPlatform, type TaskProgress } from '../ports/documents/task-store.js';
import type { RelayContext } from '../relay/relay-context.js';
import { taskChannel } from './task-channel.js';
import { taskPushOf } from './task-rows.js';
import { upstreamStates } from './upstream-states.js';

/** Tasks asked about per poll: the oldest unfinished first. */
const BATCH = 500;
const FAILURE = 'FAILURE';

/** The fields of `progress` that differ from the task's, or null when nothing changed. */
function changes(task: Task, progress: TaskProgress): TaskProgress | null {
  const changed = Object.entries(progress).filter(([field, value]) => value !== undefined && task[field as keyof Task] !== value);
  return changed.length ? (Object.fromEntries(changed) as TaskProgress) : null;
}

async function refundEvent(ctx: RelayContext, task: Task): Promise<TaskRefunded> {
  const user = await ctx.cache.user(task.userId);
  const what = task.platform === TaskPlatform.Midjourney ? '构图失败' : '异步任务执行失败';
  return {
    type: 'TaskRefunded',
    data: { taskId: task.taskId, userId: task.userId, username: user?.username ?? '', tokenId: task.tokenId, channelId: task.channelId, quota: task.quota, content: `${what} ${task.taskId}，补偿 ${task.quota}` },
    metadata: newEventMetadata(),
  };
}

/** Stores one task's news; the poller that moved it pushes it to its owner and, on failure, refunds it. */
async function applyProgress(ctx: RelayContext, live: LiveFanout, task: Task, progress: TaskProgress): Promise<void> {
  const patch = changes(task, progress);
  if (!patch) return;
  const updated = await ctx.deps.tasks.advance(task.id, task.status, patch);
  if (!updated) return;
  const push = taskPushOf(updated, ctx.deps.options);
  live.toUser(updated.userId, 'task', push);
  live.toAdmins('task', push);
  if (updated.status === FAILURE && task.status !== FAILURE && updated.quota > 0) await ctx.deps.eventLog.append([await refundEvent(ctx, updated)]);
}

function byChannel(tasks: Task[]): Task[][] {
  const groups = new Map<string, Task[]>();
  for (const task of tasks) {
    // One group per key too: a multi-key channel's tasks are asked about under the key that made them.
    const key = `${task.platform}:${task.channelId}:${task.keyIndex ?? 0}`;
    groups.set(key, [...(groups.get(key) ?? []), task]);
  }
  return [...groups.values()];
}

/** new-api's fail reasons: a task the upstream never finished, a task whose channel is gone. */
export const timeoutReason = (minutes: number) => `任务超时（${minutes}分钟）`;
export const channelGoneReason = (channelId: number) => `获取渠道信息失败，请联系管理员，渠道ID：${channelId}`;

/** Poll periods after its submit before a task's unknown channel counts as deleted: a new channel reaches every gateway's table a moment after it is made. */
const CHANNEL_GRACE_PERIODS = 5;

/** Fails a task without asking its upstream; applying it refunds it, once, as any failure. */
function failTask(ctx: RelayContext, live: LiveFanout, task: Task, reason: string): Promise<void> {
  return applyProgress(ctx, live, task, { status: FAILURE, progress: '100%', failReason: reason, finishTime: Date.now() });
}

async function pollChannel(ctx: RelayContext, live: LiveFanout, tasks: Task[], onError: (error: unknown) => void): Promise<void> {
  const [first] = tasks;
  const channel = first && taskChannel(ctx.router, first);
  if (!first || !channel) return;
  const states = await upstreamStates(ctx.pools, first.platform, channel, tasks, onError);
  for (const task of tasks) {
    const progress = states.get(task.taskId);
    if (progress) await applyProgress(ctx, live, task, progress);
  }
}

export interface PollSchedule {
  everyMs: number;
  /** Minutes after its submit a task the upstream has not finished is failed; 0 never. */
  timeoutMinutes: number;
}

/** Why a task fails without its upstream being asked (past the timeout, or its channel deleted), or null. */
function failureWithoutAsking(ctx: RelayContext, schedule: PollSchedule, task: Task, now: number): string | null {
  if (schedule.timeoutMinutes > 0 && task.submitTime < now - schedule.timeoutMinutes * 60_000) return timeoutReason(schedule.timeoutMinutes);
  if (!ctx.router.byId(task.channelId) && task.submitTime < now - CHANNEL_GRACE_PERIODS * schedule.everyMs) return channelGoneReason(task.channelId);
  return null;
}

/** One poll: tasks past the timeout or whose channel is gone are failed; the rest are asked about, channel by channel. */
async function pollOnce(ctx: RelayContext, live: LiveFanout, schedule: PollSchedule, onError: (error: unknown) => void): Promise<void> {
  const now = Date.now();
  const tasks = await ctx.deps.tasks.unfinished(BATCH);
  const failures = new Map(tasks.map((task) => [task, failureWithoutAsking(ctx, schedule, task, now)]));
  for (const [task, reason] of failures) if (reason) await failTask(ctx, live, task, reason).catch(onError);
  const groups = byChannel(tasks.filter((task) => !failures.get(task)));
  await Promise.all(groups.map((group) => pollChannel(ctx, live, group, onError).catch(onError)));
}

const LEASE = 'task-poller';

/**
 * While a poll runs, its lease is kept this many periods ahead: renewals come every half period,
 * so an event loop stalled (a busy machine) for up to this many periods less half of one still
 * renews in time. A lease as long as one period let a 100 ms stall hand it to another gateway,
 * which then polled the same tasks at the same time.
 */
const WORKING_LEASE_PERIODS = 5;

/**
 * Runs `work` while renewing the lease it was claimed under every half period: a poll slower than
 * the period (a slow proxy) must not let another gateway claim the next period and poll the
 * same tasks at the same time. After the poll the lease is shortened to half a period, so the
 * next period's claim is open to every gateway again.
 */
async function keepingLease(ctx: RelayContext, holder: string, everyMs: number, work: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
  const renew = (ttlMs: number) => ctx.deps.leases.renew(LEASE, holder, ttlMs).catch(() => false);
  const renewal = setInterval(() => runInBackground('renew the task poll lease', () => renew(everyMs * WORKING_LEASE_PERIODS), onError), everyMs / 2);
  try {
    await renew(everyMs * WORKING_LEASE_PERIODS);
    await work();
  } finally {
    clearInterval(renewal);
    await renew(Math.ceil(everyMs / 2));
  }
}

/**
 * Polls every unfinished task's channel each `everyMs`. Every gateway looks; the one that claims
 * the period's lease polls, and keeps the lease until its poll ends, so a task is polled by one
 * worker at a time in the whole cluster. Returns the stop function.
 */
export function startTaskPoller(ctx: RelayContext, live: LiveFanout, schedule: PollSchedule, onError: (error: unknown) => void): () => void {
  const holder = randomBytes(6).toString('hex');
  let running = false;
  const poll = async () => {
    if (running || !(await ctx.deps.leases.claim(LEASE, holder, schedule.everyMs))) return;
    running = true;
    try {
      await keepingLease(ctx, holder, schedule.everyMs, () => pollOnce(ctx, live, schedule, onError), onError);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => runInBackground('poll tasks', poll, onError), schedule.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
