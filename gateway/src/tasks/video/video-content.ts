import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { jsonOrNull } from '../../http/json-or-null.js';
import { fetchPolicy } from '../../http/fetch-guard/fetch-policy.js';
import { FetchRefused, guardedRequest } from '../../http/fetch-guard/guarded-request.js';
import { RelayError } from '../../http/relay-error.js';
import type { Task } from '../../ports/documents/task-store.js';
import type { RelayContext } from '../../relay/relay-context.js';
import type { VideoProvider } from './video-provider.js';
import { videoProviderOf } from './video-providers.js';
import { taskChannel } from '../task-channel.js';

const CONTENT_TIMEOUT_MS = 120_000;

/** The video as the content route sends it on: a status, its content type, the bytes (a stream or a buffer). */
interface VideoContent {
  statusCode: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** The video inside a JSON answer (Vertex's operation carries it base64-encoded). */
async function inlineContent(answer: Dispatcher.ResponseData, read: NonNullable<VideoProvider['contentOf']>): Promise<VideoContent> {
  const text = await answer.body.text();
  const video = answer.statusCode < 400 ? read(jsonOrNull(text)) : null;
  if (!video) throw new RelayError(404, 'video content not available', 'not_found');
  return { statusCode: 200, headers: { 'content-type': video.contentType }, body: video.bytes };
}

/** The finished video's bytes, with the provider's content type. */
async function upstreamContent(ctx: RelayContext, task: Task): Promise<VideoContent> {
  const provider = videoProviderOf(task.platform);
  const channel = taskChannel(ctx.router, task);
  if (provider?.content && channel) {
    const answer = await ctx.pools.send(await provider.content(channel, task), AbortSignal.timeout(CONTENT_TIMEOUT_MS));
    return provider.contentOf ? inlineContent(answer, provider.contentOf) : answer;
  }
  if (!task.imageUrl) throw new RelayError(404, 'video content not available', 'not_found');
  // The URL came from the provider: it passes the operator's fetch policy, as a drawing's image does.
  return guardedRequest(fetchPolicy(ctx.deps.options), task.imageUrl, { method: 'GET' });
}

/** `GET /v1/videos/{id}/content`: the video streamed through, from the provider's key-guarded route or its URL. */
export async function serveVideoContent(ctx: RelayContext, task: Task, reply: FastifyReply): Promise<FastifyReply> {
  if (task.status !== 'SUCCESS') throw new RelayError(400, `Task is not completed yet, current status: ${task.status}`, 'invalid_request');
  try {
    const answer = await upstreamContent(ctx, task);
    return reply.code(answer.statusCode).type(String(answer.headers['content-type'] ?? 'video/mp4')).send(answer.body);
  } catch (error) {
    if (error instanceof FetchRefused) throw new RelayError(403, `request blocked: ${error.message}`, 'fetch_refused');
    throw error;
  }
}
