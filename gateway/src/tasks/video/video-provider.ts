import type { Channel } from '../../ports/documents/channel-store.js';
import type { Task, TaskPlatform } from '../../ports/documents/task-store.js';
import type { UpstreamRequest } from '../../providers/types.js';
import type { MultipartForm } from '../../relay/surfaces/multipart-form.js';
import type { VideoRequest } from './video-request.js';

/** new-api's task statuses a video walks through; SUCCESS and FAILURE are final. */
export type VideoStatus = 'SUBMITTED' | 'QUEUED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';

/** What a poll learnt about one video task. */
export interface VideoState {
  status: VideoStatus;
  /** "45%"; empty when the provider reports none. */
  progress: string;
  failReason: string;
  /** Where the finished video is; empty until then, or when the content route serves it. */
  url: string;
}

/**
 * One video provider's protocol (one folder each under `video/`): how a submit is sent and read,
 * how a task is polled, and what new-api multiplies its per-task price by.
 */
export interface VideoProvider {
  platform: TaskPlatform;
  /** The channel types that speak it. */
  channelTypes: readonly number[];
  /** new-api's other ratios for the request (seconds, size...); empty for a flat price per task. */
  priceRatios(request: VideoRequest): Record<string, number>;
  /**
   * The submit; a promise where the credential is fetched first (Vertex's token). `form` is the
   * client's multipart form, for a provider that takes it as it is (OpenAI's input_reference).
   */
  submit(channel: Channel, request: VideoRequest, upstreamModel: string, form?: MultipartForm): UpstreamRequest | Promise<UpstreamRequest>;
  /** The provider's task id from its answer to a submit, or null when it refused the task. */
  acceptedId(answer: unknown): string | null;
  poll(channel: Channel, task: Task): UpstreamRequest | Promise<UpstreamRequest>;
  /** The task's state from a poll's answer; null when the answer says nothing readable. */
  state(answer: unknown): VideoState | null;
  /** What of a poll's answer the task keeps as its data, when not all of it (a video inlined in it is not). */
  kept?(answer: unknown): unknown;
  /** The request that streams the finished video, for a provider that serves it behind its key (OpenAI's `/content`). */
  content?(channel: Channel, task: Task): UpstreamRequest | Promise<UpstreamRequest>;
  /** For a provider whose content request answers the video inside JSON (Vertex's operation): the video read from it, or null. */
  contentOf?(answer: unknown): { contentType: string; bytes: Buffer } | null;
  /** For a provider that remixes a finished video (OpenAI's `/v1/videos/{id}/remix`): the request for a new one from `origin` and a prompt. */
  remix?(channel: Channel, origin: Task, prompt: string): UpstreamRequest;
  /** For a provider whose finished task names a file rather than a URL (MiniMax's): how the file's URL is asked for and read. */
  resultFile?: {
    request(channel: Channel, answer: unknown): UpstreamRequest | null;
    url(answer: unknown): string;
  };
}
