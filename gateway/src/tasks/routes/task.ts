import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { AsyncTaskPlatforms, type PlatformSelector, type TaskFilter, TaskPlatform } from '../../ports/documents/task-store.js';
import { mjRow, taskRow } from '../task-rows.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import type { TasksContext } from '../../contexts/tasks.js';

export type TaskDeps = TasksContext;

const mjQuery = z.object({ p: queryInt, page_size: queryInt, channel_id: queryInt, mj_id: queryString, start_timestamp: queryInt, end_timestamp: queryInt });
const taskQuery = z.object({ p: queryInt, page_size: queryInt, channel_id: queryInt, task_id: queryString, start_timestamp: queryInt, end_timestamp: queryInt });

interface ListQuery {
  channelId?: number;
  taskId?: string;
  start?: number;
  end?: number;
}

/**
 * The filters a query sets (zero and empty mean any; the channel only for admins). The drawing
 * page sends its time range in milliseconds, the task page in seconds, as new-api's console does.
 */
function filterOf(platform: PlatformSelector, q: ListQuery, admin: boolean, msPerUnit: number): TaskFilter {
  const filter: TaskFilter = { platform };
  if (admin && q.channelId) filter.channelId = q.channelId;
  if (q.taskId) filter.taskId = q.taskId;
  if (q.start) filter.submittedFrom = q.start * msPerUnit;
  if (q.end) filter.submittedTo = q.end * msPerUnit;
  return filter;
}

/** The drawing (/api/mj) and task (/api/task: Suno and video) lists: administrators see everyone's, users their own. */
export function registerTaskListRoutes(app: FastifyInstance, { deps, guard }: ApiContext<TaskDeps>): void {
  const list = async (filter: TaskFilter, p: number | undefined, size: number | undefined, shape: (task: Parameters<typeof taskRow>[0]) => object) => {
    const { page, pageSize, offset } = pageFromOne(p, size);
    const result = await deps.tasks.list(filter, { offset, limit: pageSize });
    return ok(pageOf(result.items.map(shape), result.total, page, pageSize));
  };
  const mjList = (query: unknown, admin: boolean, userId?: number) => {
    const q = parseInput(mjQuery, query);
    const filter = filterOf(TaskPlatform.Midjourney, { channelId: q.channel_id, taskId: q.mj_id, start: q.start_timestamp, end: q.end_timestamp }, admin, 1);
    return list({ ...filter, userId }, q.p, q.page_size, (task) => mjRow(task, deps.options));
  };
  const taskList = (query: unknown, admin: boolean, userId?: number) => {
    const q = parseInput(taskQuery, query);
    const filter = filterOf(AsyncTaskPlatforms, { channelId: q.channel_id, taskId: q.task_id, start: q.start_timestamp, end: q.end_timestamp }, admin, 1000);
    return list({ ...filter, userId }, q.p, q.page_size, (task) => taskRow(task, deps.options));
  };
  route(app, 'GET', '/mj/', guard.admin, async (request) => mjList(request.query, true));
  route(app, 'GET', '/mj/self/', guard.user, async (request) => mjList(request.query, false, signedIn(request).id));
  route(app, 'GET', '/task/', guard.admin, async (request) => taskList(request.query, true));
  route(app, 'GET', '/task/self', guard.user, async (request) => taskList(request.query, false, signedIn(request).id));
}
