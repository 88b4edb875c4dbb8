import { describe, expect, it } from 'vitest';
import { encodeMultipart, formFields, parseMultipart } from './multipart-form.js';

async function clientForm(): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('model', 'whisper-1');
  form.append('file', new Blob([Buffer.from([0, 1, 2, 255, 13, 10])], { type: 'audio/mpeg' }), 'speech "one".mp3');
  form.append('response_format', 'text');
  const request = new Request('http://x', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

describe('multipart forms', () => {
  it('reads text fields and files, in order, bytes intact', async () => {
    const { body, contentType } = await clientForm();
    const form = await parseMultipart(body, contentType);
    expect(form.parts.map((p) => p.name)).toEqual(['model', 'file', 'response_format']);
    expect(formFields(form)).toEqual({ model: 'whisper-1', response_format: 'text' });
    const file = form.parts[1];
    expect(file && 'bytes' in file && [...file.bytes]).toEqual([0, 1, 2, 255, 13, 10]);
  });

  it('encodes the same parts again with the model overridden, readable by a standard parser', async () => {
    const { body, contentType } = await clientForm();
    const encoded = encodeMultipart(await parseMultipart(body, contentType), { model: 'upstream-whisper' });
    const again = await new Response(new Uint8Array(encoded.body), { headers: { 'content-type': encoded.contentType } }).formData();
    expect(again.get('model')).toBe('upstream-whisper');
    expect(again.get('response_format')).toBe('text');
    const file = again.get('file') as File;
    expect(encodeMultipart({ parts: [] }, { model: 'm' }).body.toString()).toContain('name="model"\r\n\r\nm\r\n');
    expect([file.name, file.type, [...new Uint8Array(await file.arrayBuffer())]]).toEqual(['speech "one".mp3', 'audio/mpeg', [0, 1, 2, 255, 13, 10]]);
  });
});
