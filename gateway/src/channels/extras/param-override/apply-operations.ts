import { goRegex, goReplacement } from './bounded-regex.js';
import { conditionsHold } from './conditions.js';
import { deletePath, expandPath, getPath, type Json, setPath } from './json-path.js';
import type { Operation } from './operations.js';

/** An operation that cannot apply to this body (new-api's "operation %s failed"); the call fails, no guess is sent. */
export class ParamOverrideFailed extends Error {}

/** An admin's `return_error`: the call is answered with this error instead of being sent. */
export class ParamOverrideReturnError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly type: string,
  ) {
    super(message);
  }
}

/** fmt's %v of a value (a string as itself). */
const asText = (value: Json | undefined) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

function stringAt(body: Json, path: string): string {
  const current = getPath(body, path);
  if (typeof current !== 'string') throw new ParamOverrideFailed(`operation not supported for type: ${current === undefined ? 'Null' : typeof current}`);
  return current;
}

/** new-api's modifyValue: an array gains the value's items (or the value), a string the text, an object the fields. */
function affix(body: Json, path: string, op: Operation, before: boolean): Json {
  const current = getPath(body, path);
  const value = op.value ?? null;
  if (Array.isArray(current)) {
    const added = Array.isArray(value) ? value : [value];
    return setPath(body, path, before ? [...added, ...current] : [...current, ...added]);
  }
  if (typeof current === 'string') return setPath(body, path, before ? asText(value) + current : current + asText(value));
  if (current !== null && typeof current === 'object') {
    const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
    const merged = new Map(Object.entries(current));
    for (const [key, field] of Object.entries(fields)) if (!op.keep_origin || merged.get(key) == null) merged.set(key, field);
    return setPath(body, path, Object.fromEntries(merged));
  }
  throw new ParamOverrideFailed(`operation not supported for type: ${current === undefined ? 'Null' : typeof current}`);
}

const STRING_MODES = new Map<string, (text: string, op: Operation) => string>(Object.entries({
  trim_prefix: (text, op) => (text.startsWith(asText(op.value)) ? text.slice(asText(op.value).length) : text),
  trim_suffix: (text, op) => (text.endsWith(asText(op.value)) ? text.slice(0, text.length - asText(op.value).length) : text),
  ensure_prefix: (text, op) => (text.startsWith(asText(op.value)) ? text : asText(op.value) + text),
  ensure_suffix: (text, op) => (text.endsWith(asText(op.value)) ? text : text + asText(op.value)),
  trim_space: (text) => text.trim(),
  to_lower: (text) => text.toLowerCase(),
  to_upper: (text) => text.toUpperCase(),
  replace: (text, op) => text.replaceAll(op.from, op.to),
  regex_replace: (text, op) => {
    const regex = goRegex(op.from, 'g');
    if (!regex) throw new ParamOverrideFailed(`invalid regex pattern: ${op.from}`);
    return text.replace(regex, goReplacement(op.to));
  },
}));

function atPath(body: Json, path: string, op: Operation): Json {
  if (op.mode === 'delete') return deletePath(body, path);
  if (op.mode === 'set') return op.keep_origin && getPath(body, path) !== undefined ? body : setPath(body, path, structuredClone(op.value ?? null));
  if (op.mode === 'prepend' || op.mode === 'append') return affix(body, path, op, op.mode === 'prepend');
  const transform = STRING_MODES.get(op.mode);
  if (!transform) throw new ParamOverrideFailed(`unknown operation: ${op.mode}`);
  return setPath(body, path, transform(stringAt(body, path), op));
}

function fromTo(body: Json, op: Operation): Json {
  const source = getPath(body, op.from);
  if (source === undefined) throw new ParamOverrideFailed(`source path does not exist: ${op.from}`);
  const copied = setPath(body, op.to, structuredClone(source));
  return op.mode === 'move' ? deletePath(copied, op.from) : copied;
}

function returnError(value: Json | undefined): ParamOverrideReturnError {
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { message: asText(value) };
  const text = (field: Json | undefined) => (typeof field === 'string' ? field.trim() : '');
  const status = Number(fields.status_code);
  return new ParamOverrideReturnError(
    text(fields.message) || 'request blocked by param override',
    Number.isInteger(status) && status >= 400 && status <= 599 ? status : 400,
    text(fields.code) || 'param_override_return_error',
    text(fields.type) || 'new_api_error',
  );
}

function applyOne(body: Json, op: Operation): Json {
  if (op.mode === 'move' || op.mode === 'copy') return fromTo(body, op);
  if (op.mode === 'return_error') throw returnError(op.value);
  if (!op.path) return body;
  return expandPath(body, op.path, op.mode === 'set').reduce((current, path) => atPath(current, path, op), body);
}

/**
 * new-api's applyOperations over a parsed body, in order: an operation whose conditions do not hold
 * is skipped; a `*` in its path applies it at every match. The body is copied, never changed in place.
 */
export function applyOperations(body: Json, operations: readonly Operation[]): Json {
  let result = structuredClone(body);
  for (const op of operations) {
    try {
      if (conditionsHold(result, op.conditions, op.logic)) result = applyOne(result, op);
    } catch (error) {
      if (error instanceof ParamOverrideReturnError || error instanceof ParamOverrideFailed) throw error;
      throw new ParamOverrideFailed(`operation ${op.mode} failed: ${(error as Error).message}`);
    }
  }
  return result;
}
