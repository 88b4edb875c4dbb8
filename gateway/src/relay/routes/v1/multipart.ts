import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formFields, type MultipartForm, parseMultipart } from '../../surfaces/multipart-form.js';
import { RelayError } from '../../../http/relay-error.js';

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', 'invalid_request_error');

/**
 * Registers routes that take multipart/form-data, the body held whole up to `bodyLimit` bytes
 * (beyond it Fastify answers 413 before reading on, in the OpenAI error shape).
 */
export function registerMultipartRoutes(app: FastifyInstance, bodyLimit: number, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    routes(scope);
  });
}

/** The request's form, or null when it came as JSON (or another parsed type). */
export async function requestForm(request: FastifyRequest): Promise<MultipartForm | null> {
  if (!Buffer.isBuffer(request.body)) return null;
  try {
    return await parseMultipart(request.body, String(request.headers['content-type']));
  } catch {
    throw invalid('malformed multipart/form-data body');
  }
}

/** `value` checked against `schema`; a refusal is a 400 in the OpenAI shape naming each bad field. */
export function checkedBody<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** The form's text fields checked against `schema`, and a file under one of `files` required. */
export function formFieldsOf<T extends z.ZodType>(form: MultipartForm, schema: T, files: string[]): z.infer<T> {
  const fields = checkedBody(schema, formFields(form));
  if (!form.parts.some((part) => 'bytes' in part && files.includes(part.name))) throw invalid(`${files[0]} is required (a file)`);
  return fields;
}
