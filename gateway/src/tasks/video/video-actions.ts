import type { VideoRequest } from './video-request.js';

/** new-api's video actions, by the frames a request gives: none, a first frame, or a first and a last. */
export const VideoAction = { Text: 'textGenerate', Image: 'generate', FirstTail: 'firstTailGenerate' } as const;

/** The action a request makes: its images count the frames; a frame named in `metadata` (Kling's image, image_tail) makes it image-to-video. */
export function actionOf(request: VideoRequest): string {
  const frames = (request.image ? 1 : 0) + (request.images?.length ?? 0);
  if (frames > 1) return VideoAction.FirstTail;
  return frames === 1 || request.metadata?.image || request.metadata?.image_tail ? VideoAction.Image : VideoAction.Text;
}

/** How many frames a stored task's action was submitted with (a poll that must name the same variant, Jimeng's req_key). */
export function framesOf(action: string): number {
  if (action === VideoAction.FirstTail) return 2;
  return action === VideoAction.Image ? 1 : 0;
}
