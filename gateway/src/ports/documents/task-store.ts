/**
 * Which upstream protocol a task belongs to: the `/mj` lists show Midjourney, the `/task` lists
 * the rest. A video task's platform is its channel's type as a string, as new-api stores it
 * (its GetTaskPlatform), so an imported task keeps its value.
 */
export const TaskPlatform = {
  Midjourney: 'mj', Suno: 'suno', Kling: '50', Jimeng: '51', Vidu: '52', DoubaoVideo: '54', Sora: '55', Hailuo: '35', Gemini: '24', Vertex: '41',
} as const;
export type TaskPlatform = (typeof TaskPlatform)[keyof typeof TaskPlatform];

/** The video platforms: one upstream protocol each, served on `/v1/videos` and `/v1/video/generations`. */
export const VideoPlatforms: readonly TaskPlatform[] = [
  TaskPlatform.Sora, TaskPlatform.Kling, TaskPlatform.Jimeng, TaskPlatform.Vidu, TaskPlatform.DoubaoVideo, TaskPlatform.Hailuo, TaskPlatform.Gemini, TaskPlatform.Vertex,
];

/** The platforms the `/task` lists show: every one but Midjourney's. */
export const AsyncTaskPlatforms: readonly TaskPlatform[] = [TaskPlatform.Suno, ...VideoPlatforms];

/** One platform, or any of several (a video task is looked up by id whatever its provider). */
export type PlatformSelector = TaskPlatform | readonly TaskPlatform[];

export const platformsOf = (selector: PlatformSelector): readonly TaskPlatform[] => (typeof selector === 'string' ? [selector] : selector);

/** Statuses after which a task is never polled again. */
export const FinalTaskStatuses: readonly string[] = ['SUCCESS', 'FAILURE'];

/**
 * One asynchronous task a user submitted through the relay and was billed for at submit: a
 * Midjourney drawing or a Suno song. `taskId` is the upstream's id (mj_id, task_id).
 */
export interface Task {
  id: number;
  platform: TaskPlatform;
  taskId: string;
  userId: number;
  tokenId: number;
  channelId: number;
  /** IMAGINE, UPSCALE, ... for Midjourney; MUSIC or LYRICS for Suno. */
  action: string;
  /** Midjourney's submit result code (1 submitted, 21 waiting, 22 duplicate). */
  code: number;
  status: string;
  /** As the upstream reports it, e.g. "45%". */
  progress: string;
  prompt: string;
  promptEn: string;
  description: string;
  imageUrl: string;
  failReason: string;
  /**
   * Which of a multi-key channel's keys took the submit: polls and the content route ask with the
   * same key, since a provider knows a task only under the account that made it (new-api keeps the
   * key itself; the index keeps the secret out of the task). Absent on tasks stored before it: 0.
   */
  keyIndex?: number;
  /** What the submit was charged; refunded when the task fails. */
  quota: number;
  /** The upstream's last task object (JSON), kept whole for the fetch routes and the detail view. */
  data: string;
  /** Milliseconds since the epoch, as the Midjourney proxy reports them. */
  submitTime: number;
  startTime: number;
  finishTime: number;
}

export type NewTask = Omit<Task, 'id'>;

/** What the upstream says changed; a task's owner, channel and charge never change. */
export type TaskProgress = Partial<Pick<Task, 'status' | 'progress' | 'promptEn' | 'description' | 'imageUrl' | 'failReason' | 'data' | 'startTime' | 'finishTime' | 'code'>>;

export interface TaskFilter {
  platform: PlatformSelector;
  /** A user's own list; absent for the admin's. */
  userId?: number;
  channelId?: number;
  taskId?: string;
  /** Submit time bounds, milliseconds, inclusive. */
  submittedFrom?: number;
  submittedTo?: number;
}

export interface TaskStore {
  create(task: NewTask): Promise<Task>;
  byTaskId(platform: PlatformSelector, taskId: string): Promise<Task | null>;
  /** The tasks among `taskIds` (of `userId` when given), in id order. */
  byTaskIds(platform: PlatformSelector, taskIds: string[], userId?: number): Promise<Task[]>;
  /**
   * Applies `progress` only while the task is still in status `from`, and returns the updated task,
   * or null when another poller moved it first: so a failure is refunded once.
   */
  advance(id: number, from: string, progress: TaskProgress): Promise<Task | null>;
  /** Tasks not yet SUCCESS or FAILURE, oldest first. */
  unfinished(limit: number): Promise<Task[]>;
  /** Newest first, with the total matching `filter`. */
  list(filter: TaskFilter, page: { offset: number; limit: number }): Promise<{ items: Task[]; total: number }>;
}
