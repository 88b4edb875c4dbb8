/** How a mock video task moves: one step per poll; a prompt with "fail" ends failed, with "stall" never ends. */
export type VideoStep = 'queued' | 'in_progress' | 'completed' | 'failed';

export interface MockVideoTask {
  id: string;
  model: string;
  prompt: string;
  body: Record<string, unknown>;
  createdAt: number;
  polls: number;
}

/** The task's step at this poll (counted), the way a real provider reports a video it is rendering. */
export function stepOf(task: MockVideoTask): VideoStep {
  task.polls++;
  if (task.polls === 1) return 'queued';
  if (task.polls === 2 || task.prompt.includes('stall')) return 'in_progress';
  return task.prompt.includes('fail') ? 'failed' : 'completed';
}

/** A few bytes that start like an MP4 (an ftyp box), enough to tell the content route passed them through. */
export const MP4_BYTES = Buffer.from('0000001866747970697336360000000069736f6d6d703432', 'hex');
