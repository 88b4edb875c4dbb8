import { dict } from '@tollgate/wire';
import type { Connection } from 'mongoose';
import { FinalTaskStatuses, type PlatformSelector, platformsOf, type Task, type TaskFilter, type TaskStore } from '../../ports/documents/task-store.js';
import { Claims } from './claims.js';
import { NumberedCollection } from './numbered-collection.js';

const taskShape = {
  platform: String, taskId: String, userId: Number, tokenId: Number, channelId: Number, action: String, code: Number,
  status: String, progress: String, prompt: String, promptEn: String, description: String, imageUrl: String,
  failReason: String, quota: Number, data: String, submitTime: Number, startTime: Number, finishTime: Number, keyIndex: Number,
};

/** A selector as a query on `platform`. */
const platformQuery = (selector: PlatformSelector) => ({ $in: [...platformsOf(selector)] });

function queryOf(filter: TaskFilter): Record<string, unknown> {
  const query: Record<string, unknown> = { platform: platformQuery(filter.platform) };
  if (filter.userId !== undefined) query.userId = filter.userId;
  if (filter.channelId !== undefined) query.channelId = filter.channelId;
  if (filter.taskId !== undefined) query.taskId = filter.taskId;
  const submitted: Record<string, number> = dict();
  if (filter.submittedFrom !== undefined) submitted.$gte = filter.submittedFrom;
  if (filter.submittedTo !== undefined) submitted.$lte = filter.submittedTo;
  if (Object.keys(submitted).length) query.submitTime = submitted;
  return query;
}

/**
 * Tasks in MongoDB. A move to a final status claims it first (a unique insert), because a
 * conditional update is a read then a write on some MongoDB-wire servers: two pollers could both
 * fail a task, and refund it twice.
 */
export async function createMongoTaskStore(connection: Connection): Promise<TaskStore> {
  const tasks = new NumberedCollection<Task>(connection, 'tasks', taskShape, [
    { fields: { platform: 1, taskId: 1 } },
    { fields: { platform: 1, userId: 1, _id: -1 } },
    { fields: { status: 1, _id: 1 } },
  ]);
  await tasks.ready();
  const claims = new Claims(connection);
  const claimFinal = async (id: number, status: string | undefined) => status === undefined || !FinalTaskStatuses.includes(status) || claims.claim(`task-final:${id}`);
  return {
    create: (task) => tasks.insert(task),
    byTaskId: (platform, taskId) => tasks.findOne({ platform: platformQuery(platform), taskId }),
    async byTaskIds(platform, taskIds, userId) {
      const owner = userId === undefined ? {} : { userId };
      return (await tasks.page({ platform: platformQuery(platform), taskId: { $in: taskIds }, ...owner }, { _id: 1 }, 0, Math.max(taskIds.length, 1))).items;
    },
    async advance(id, from, progress) {
      const set = Object.fromEntries(Object.entries(progress).filter(([, value]) => value !== undefined));
      if (!(await tasks.count({ _id: id, status: from })) || !(await claimFinal(id, progress.status))) return null;
      if (!(await tasks.updateIf(id, { status: from }, { $set: set }))) return null;
      return tasks.findOne({ _id: id });
    },
    async unfinished(limit) {
      return (await tasks.page({ status: { $nin: FinalTaskStatuses } }, { _id: 1 }, 0, limit)).items;
    },
    list: (filter, { offset, limit }) => tasks.page(queryOf(filter), { _id: -1 }, offset, limit),
  };
}
