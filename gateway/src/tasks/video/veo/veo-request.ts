import { UntranslatableRequest } from '../../../providers/shared/chat-input.js';
import type { VideoRequest } from '../video-request.js';

/** Veo renders 8 seconds unless asked otherwise. */
const DEFAULT_SECONDS = 8;

/** A whole number of seconds from 1 to 600, or undefined. */
const wholeSeconds = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 600 ? value : undefined);

/** The length Veo is asked to render and billed for: metadata.durationSeconds, else duration, else seconds, else 8 (new-api's ResolveVeoDuration). */
export function veoSeconds(request: VideoRequest): number {
  return wholeSeconds(request.metadata?.durationSeconds) ?? request.duration ?? (Number(request.seconds ?? 0) || DEFAULT_SECONDS);
}

/** Veo's resolution for an OpenAI-style size: by its longer side, 4k, 1080p, else 720p. */
function sizeResolution(size: string): string {
  const longer = Math.max(...size.toLowerCase().split('x').map((side) => Number.parseInt(side, 10) || 0));
  if (longer >= 3840) return '4k';
  return longer >= 1920 ? '1080p' : '720p';
}

/** The resolution asked for: metadata.resolution, else from the size, else 720p. */
export function veoResolution(request: VideoRequest): string {
  const asked = request.metadata?.resolution;
  if (typeof asked === 'string' && asked) return asked.toLowerCase();
  return request.size ? sizeResolution(request.size) : '720p';
}

/** What 4K costs over the standard resolutions, from Google's prices (new-api's VeoResolutionRatio): 3.1 fast 0.35/0.15, 3.1 0.60/0.40; 3.0 has no 4K. */
export function veoResolutionRatio(model: string, resolution: string): number {
  if (resolution !== '4k') return 1;
  if (model.includes('3.1-fast-generate')) return 2.333333;
  return model.includes('3.1') ? 1.5 : 1;
}

/** The first frame as Veo takes it: inline bytes from a data: URL, or a Cloud Storage object; a web URL it cannot fetch. */
function veoImage(image: string): Record<string, string> {
  const inline = /^data:([^;,]+);base64,(.+)$/s.exec(image);
  if (inline) return { bytesBase64Encoded: inline[2] ?? '', mimeType: inline[1] ?? '' };
  if (image.startsWith('gs://')) return { gcsUri: image, mimeType: image.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  throw new UntranslatableRequest('Veo', 'image', 'give it as a data: URL or a gs:// object');
}

/**
 * predictLongRunning's body: one instance (the prompt, the first frame), and parameters: `metadata`
 * adds Veo's own (negativePrompt, personGeneration, aspectRatio...), but the length, resolution and
 * sample count are the ones billed, one video.
 */
export function veoBody(request: VideoRequest): Record<string, unknown> {
  const image = request.image ?? request.images?.[0];
  const [width = 0, height = 0] = (request.size ?? '').split('x').map(Number);
  const parameters = { aspectRatio: height > width ? '9:16' : '16:9', ...request.metadata, durationSeconds: veoSeconds(request), resolution: veoResolution(request), sampleCount: 1 };
  return { instances: [{ prompt: request.prompt, ...(image ? { image: veoImage(image) } : {}) }], parameters };
}

/** new-api's ratios for Veo: the seconds, and 4K's price over the standard resolutions. */
export const veoPriceRatios = (request: VideoRequest) => ({ seconds: veoSeconds(request), resolution: veoResolutionRatio(request.model, veoResolution(request)) });
