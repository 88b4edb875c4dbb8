import { type MockVideoTask, MP4_BYTES, stepOf } from './video-walk.js';

export interface VeoVertexOperations {
  /** Each accepted predictLongRunning: the model in its path and its body. */
  submits: { model: string; body: Record<string, unknown> }[];
  /** The status and answer for a Veo method on `projects/{project}/locations/{region}/…/models/{model}`. */
  answer(project: string, region: string, model: string, method: string, body: Record<string, unknown>): [number, object];
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

/**
 * Veo's long-running operations on Vertex AI: predictLongRunning answers the operation's full name
 * (project, location, publisher model, id); fetchPredictOperation, given that name in
 * `operationName`, answers it not done, done with an `error`, or done with the video inline
 * (`response.videos[].bytesBase64Encoded`), as Vertex does when no storageUri was asked.
 */
export function veoVertexOperations(): VeoVertexOperations {
  const tasks = new Map<string, MockVideoTask>();
  const submits: VeoVertexOperations['submits'] = [];
  let next = 1;
  const submit = (prefix: string, model: string, body: Record<string, unknown>): [number, object] => {
    const prompt = String((body.instances as { prompt?: string }[] | undefined)?.[0]?.prompt ?? '');
    if (prompt.includes('refuse')) return [400, googleError(400, 'INVALID_ARGUMENT', 'The prompt contains sensitive words that violate the usage guidelines.')];
    submits.push({ model, body });
    const name = `${prefix}/operations/${String(next++).padStart(8, '0')}-veo`;
    tasks.set(name, { id: name, model, prompt, body, createdAt: Date.now(), polls: 0 });
    return [200, { name }];
  };
  const fetch = (name: string): [number, object] => {
    const task = tasks.get(name);
    if (!task) return [404, googleError(404, 'NOT_FOUND', `Operation ${name} not found`)];
    const step = stepOf(task);
    if (step === 'queued' || step === 'in_progress') return [200, { name, done: false }];
    if (step === 'failed') return [200, { name, done: true, error: { code: 3, message: 'The video could not be generated: it violates the usage guidelines.' } }];
    const videos = [{ bytesBase64Encoded: MP4_BYTES.toString('base64'), mimeType: 'video/mp4' }];
    return [200, { name, done: true, response: { '@type': 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse', raiMediaFilteredCount: 0, videos } }];
  };
  return {
    submits,
    answer(project, region, model, method, body) {
      const prefix = `projects/${project}/locations/${region}/publishers/google/models/${model}`;
      if (method === 'predictLongRunning') return submit(prefix, model, body);
      const name = String(body.operationName ?? '');
      // The operation is asked for on the model that started it.
      return name.startsWith(`${prefix}/operations/`) ? fetch(name) : [400, googleError(400, 'INVALID_ARGUMENT', 'operationName does not belong to this model')];
    },
  };
}
