import type { TaskStore } from '../ports/documents/task-store.js';
import type { CoreContext } from './core.js';

/** Midjourney and Suno tasks, polled until done. */
export interface TasksContext extends CoreContext {
  tasks: TaskStore;
}
