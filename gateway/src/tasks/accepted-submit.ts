import type { NewTask } from '../ports/documents/task-store.js';

/**
 * What an upstream said about a submit it accepted: the task to record and the answer for the
 * client. Each platform's wire module reads it; the submit flow (which sends through the relay's
 * retries) records it, so the wire modules stay free of the relay.
 */
export interface AcceptedSubmit {
  task: Pick<NewTask, 'taskId' | 'code' | 'status' | 'description'> & Partial<Pick<NewTask, 'data' | 'progress'>>;
  answer: unknown;
}
