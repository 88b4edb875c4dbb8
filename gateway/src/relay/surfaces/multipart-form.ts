import { dict, own } from '@tollgate/wire';
import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a text field, or a file with its name and type. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart form as the client sent it, parts in order. */
export interface MultipartForm {
  parts: FormPart[];
}

/** Reads a multipart/form-data body (held whole, its size bounded by the route) into its parts. */
export async function parseMultipart(body: Buffer, contentType: string): Promise<MultipartForm> {
  // A view, not a copy (forms run to megabytes); Node's Buffers sit on plain ArrayBuffers.
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  const parts: FormPart[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') parts.push({ name, value });
    else parts.push({ name, filename: value.name, type: value.type || 'application/octet-stream', bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { parts };
}

/** The text fields of a form (the first of each name), for validation and billing. */
export function formFields(form: MultipartForm): Record<string, string> {
  const fields: Record<string, string> = dict();
  for (const part of form.parts) if ('value' in part && !Object.hasOwn(fields, part.name)) fields[part.name] = part.value;
  return fields;
}

const quoted = (text: string) => text.replace(/"/g, '%22').replace(/\r|\n/g, ' ');

/**
 * Encodes a form again, every part as the client sent it except the text fields in `overrides`
 * (the model, renamed by the channel's model_mapping), which are added when the client left them
 * out. Synchronous, so a retry on another channel encodes its own model without waiting.
 */
export function encodeMultipart(form: MultipartForm, overrides: Record<string, string>): { contentType: string; body: Buffer } {
  const boundary = `----tollgate${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const missing = Object.entries(overrides).filter(([name]) => !form.parts.some((part) => part.name === name));
  for (const part of [...form.parts, ...missing.map(([name, value]) => ({ name, value }))]) {
    const disposition = `Content-Disposition: form-data; name="${quoted(part.name)}"`;
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n${own(overrides, part.name) ?? part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\n${disposition}; filename="${quoted(part.filename)}"\r\nContent-Type: ${part.type}\r\n\r\n`), part.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
