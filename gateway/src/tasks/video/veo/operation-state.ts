import type { VideoState } from '../video-provider.js';

/** What a Veo long-running operation says, on the Gemini API and on Vertex alike. */
export interface VeoOperation {
  done?: boolean | undefined;
  error?: { message?: string | undefined } | null | undefined;
}

/**
 * The task's state from its operation: failed with the operation's error; running until done; done
 * with a video (`url`: where the client may fetch it, '' when the content route serves it), or done
 * without one because every sample was filtered out, a failure: nothing was made to pay for.
 */
export function operationState({ done, error }: VeoOperation, video: { url: string } | null, filteredReasons: string[] | undefined): VideoState {
  if (error?.message) return { status: 'FAILURE', progress: '100%', failReason: error.message, url: '' };
  if (!done) return { status: 'IN_PROGRESS', progress: '50%', failReason: '', url: '' };
  if (!video) return { status: 'FAILURE', progress: '100%', failReason: filteredReasons?.join('; ') || 'no video generated', url: '' };
  return { status: 'SUCCESS', progress: '100%', failReason: '', url: video.url };
}
