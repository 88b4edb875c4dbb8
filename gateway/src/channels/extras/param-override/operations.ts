import { z } from 'zod';
import { goRegex, MAX_PATTERN } from './bounded-regex.js';
import type { Json } from './json-path.js';

/** The body modes Tollgate applies of new-api's param override operations (its applyOperations switch). */
export const PATH_MODES = ['delete', 'set', 'prepend', 'append', 'trim_prefix', 'trim_suffix', 'ensure_prefix', 'ensure_suffix', 'trim_space', 'to_lower', 'to_upper', 'replace', 'regex_replace'] as const;
const FROM_TO_MODES = ['move', 'copy'] as const;
const MODES = [...PATH_MODES, ...FROM_TO_MODES, 'return_error'] as const;
export type Mode = (typeof MODES)[number];

const json: z.ZodType<Json> = z.lazy(() => z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(json), z.record(z.string(), json)]));

const conditionSchema = z.object({
  path: z.string().default(''),
  mode: z.string().default(''),
  value: json.optional(),
  invert: z.boolean().optional(),
  pass_missing_key: z.boolean().optional(),
});

/** One operation as new-api reads it (tryParseOperations): only `mode` is required, logic defaults to OR. */
const operationSchema = z.object({
  mode: z.string(),
  path: z.string().default(''),
  value: json.optional(),
  keep_origin: z.boolean().default(false),
  from: z.string().default(''),
  to: z.string().default(''),
  conditions: z.array(conditionSchema).default([]),
  logic: z.string().default('OR'),
});
export type Operation = z.infer<typeof operationSchema>;

/** new-api's tryParseOperations: an `operations` array of objects each with a mode; anything else is the plain merge. */
export function operationsOf(override: Record<string, unknown>): Operation[] | null {
  const parsed = z.array(operationSchema).safeParse(override.operations);
  return parsed.success ? parsed.data : null;
}

const isMode = (mode: string): mode is Mode => (MODES as readonly string[]).includes(mode);
const blank = (value: Json | undefined) => value === undefined || value === null || value === '';

/** What is wrong with one operation whatever the body it meets, or null (the save-time check). */
function operationProblem(op: Operation, at: string): string | null {
  const mode = op.mode;
  if (!isMode(mode)) return `${at} has an unknown mode "${mode}"`;
  if ((FROM_TO_MODES as readonly string[]).includes(mode)) return op.from && op.to ? null : `${at} (${mode}) requires a non-empty from and to`;
  if (mode === 'return_error') return blank(op.value) ? `${at} (return_error) requires a value` : null;
  if (!op.path) return `${at} (${mode}) requires a non-empty path`;
  if (mode === 'regex_replace' && !op.from) return `${at} (regex_replace) requires a non-empty from as the regex pattern`;
  if (mode === 'regex_replace' && !goRegex(op.from)) return `${at} has an invalid regex pattern (or one over ${MAX_PATTERN} characters)`;
  if (mode === 'replace' && !op.from) return `${at} (replace) requires a non-empty from`;
  if (/^(trim|ensure)_(prefix|suffix)$/.test(mode) && blank(op.value)) return `${at} (${mode}) requires a non-empty value`;
  return null;
}

/**
 * Why a channel's param_override cannot be saved, or null: a plain object is new-api's merge and
 * always fine; one with `operations` must hold a list of well-formed operations.
 */
export function paramOverrideProblem(override: Record<string, unknown>): string | null {
  if (!('operations' in override)) return null;
  if (!Array.isArray(override.operations)) return 'param_override.operations must be an array';
  for (const [i, entry] of override.operations.entries()) {
    const at = `param_override.operations[${i}]`;
    const parsed = operationSchema.safeParse(entry);
    if (!parsed.success) return `${at} must be an object with a string mode (${parsed.error.issues[0]?.path.join('.') || 'entry'}: ${parsed.error.issues[0]?.message})`;
    const problem = operationProblem(parsed.data, at);
    if (problem) return problem;
  }
  return null;
}
