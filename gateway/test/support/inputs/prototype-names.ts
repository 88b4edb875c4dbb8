/**
 * Names that are also properties of every plain object (issue #33 item 0): a `{}` keyed by them
 * answers Object.prototype or one of its functions instead of undefined, and `x['__proto__'] = …`
 * replaces a prototype. Clients send them as model, group, token and user names, and as keys of JSON.
 */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'] as const;

/** JSON object text with every prototype name as an own key (JSON.parse makes `__proto__` an own property; an object literal would not). */
export function prototypeKeyedJson(value: (name: string) => unknown = () => 1, extra: Record<string, unknown> = {}): string {
  const entries = [...PROTOTYPE_NAMES.map((name) => [name, value(name)] as const), ...Object.entries(extra)];
  return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${JSON.stringify(v)}`).join(',')}}`;
}

/** `json` (an object's text) with prototype-named keys spliced in front, each holding what a polluter would write. */
export function withPrototypeKeys(json: string): string {
  if (!json.startsWith('{')) return json;
  const keys = '"__proto__":{"polluted":true,"calls":1},"constructor":{"prototype":{"polluted":true}},"toString":"x","hasOwnProperty":1,"valueOf":{}';
  return json === '{}' ? `{${keys}}` : `{${keys},${json.slice(1)}`;
}

/** One relay call: where, and its body as sent (JSON text, or a multipart form). */
export interface SurfaceCall {
  path: string;
  body: string | FormData;
  /** Signed in by session (the console's playground), not by key. */
  session?: boolean;
}

const json = (path: string, body: object, session?: boolean): SurfaceCall => ({ path, body: JSON.stringify(body), session });

function audioForm(model: string, name: string): FormData {
  const form = new FormData();
  form.append('model', model);
  form.append('file', new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: 'audio/wav' }), 'hello.wav');
  // A form part named like a prototype property: the relay copies parts by name.
  form.append(name, 'x');
  return form;
}

/**
 * A call to every surface of the relay with `model` as its model, and `name` wherever else a
 * client picks a name the gateway looks up (image size and quality, voice, format, a playground group).
 */
export function surfaceCalls(model: string, name: string = model): SurfaceCall[] {
  const messages = [{ role: 'user', content: 'hi' }];
  return [
    json('/v1/chat/completions', { model, messages }),
    json('/v1/chat/completions', { model, messages, stream: true, stream_options: { include_usage: true } }),
    json('/v1/completions', { model, prompt: 'hi' }),
    json('/v1/embeddings', { model, input: 'hi' }),
    json('/v1/responses', { model, input: 'hi' }),
    json('/v1/images/generations', { model, prompt: 'a cat' }),
    json('/v1/images/generations', { model, prompt: 'a cat', size: name, quality: name }),
    json('/v1/audio/speech', { model, input: 'hi', voice: name, response_format: name }),
    { path: '/v1/audio/transcriptions', body: audioForm(model, name) },
    { path: '/v1/audio/translations', body: audioForm(model, name) },
    json('/v1/moderations', { model, input: 'hi' }),
    json('/v1/rerank', { model, query: 'q', documents: ['a', 'b'] }),
    json('/v1/messages', { model, max_tokens: 8, messages }),
    json('/v1/messages/count_tokens', { model, messages }),
    json(`/v1beta/models/${encodeURIComponent(model)}:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    json(`/v1beta/models/${encodeURIComponent(model)}:${encodeURIComponent(name)}`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    json('/pg/chat/completions', { model, messages }, true),
    json('/pg/chat/completions', { model, messages, group: name }, true),
    // The task surfaces: Midjourney's actions and Suno's action are names the gateway looks up.
    json('/mj/submit/imagine', { prompt: 'a cat', botType: name }),
    json('/mj/submit/action', { taskId: name, customId: `MJ::JOB::${name}::1::x` }),
    json(`/suno/submit/${encodeURIComponent(name)}`, { prompt: 'a song', mv: model }),
  ];
}

/** Whether Object.prototype is still as the runtime made it: no added or replaced property. */
export function prototypeIntact(before: readonly string[]): boolean {
  const probe = {} as Record<string, unknown>;
  return Object.getOwnPropertyNames(Object.prototype).join() === before.join() && probe.polluted === undefined && probe.calls === undefined;
}
