import { getPath, type Json } from './json-path.js';

/** One of an operation's conditions (new-api's ConditionOperation). */
export interface Condition {
  path: string;
  mode: string;
  value?: Json;
  invert?: boolean;
  pass_missing_key?: boolean;
}

/** What a failed comparison says; new-api fails the call rather than guess. */
export class ConditionError extends Error {}

/** gjson's String(): a string as itself, anything else as its JSON. */
const text = (value: Json | undefined) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

const kind = (value: Json | undefined) => (value === null || value === undefined ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** new-api's compareEqual: nulls equal only nulls, other types must agree. */
function equal(found: Json, target: Json | undefined): boolean {
  if (found === null || target === null || target === undefined) return found === null && (target ?? null) === null;
  if (kind(found) !== kind(target)) throw new ConditionError(`compare for different types, got ${kind(found)} and ${kind(target)}`);
  return typeof found === 'object' ? JSON.stringify(found) === JSON.stringify(target) : found === target;
}

function numeric(found: Json, target: Json | undefined, mode: string): boolean {
  if (typeof found !== 'number' || typeof target !== 'number') throw new ConditionError(`numeric comparison requires both values to be numbers, got ${kind(found)} and ${kind(target)}`);
  if (mode === 'gt') return found > target;
  if (mode === 'gte') return found >= target;
  return mode === 'lt' ? found < target : found <= target;
}

function compare(found: Json, condition: Condition): boolean {
  const mode = condition.mode.toLowerCase();
  switch (mode) {
    case 'full':
      return equal(found, condition.value);
    case 'prefix':
      return text(found).startsWith(text(condition.value));
    case 'suffix':
      return text(found).endsWith(text(condition.value));
    case 'contains':
      return text(found).includes(text(condition.value));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return numeric(found, condition.value, mode);
    default:
      throw new ConditionError(`unsupported comparison mode: ${condition.mode}`);
  }
}

function holds(body: Json, condition: Condition): boolean {
  const found = getPath(body, condition.path);
  if (found === undefined) return condition.pass_missing_key === true;
  const result = compare(found, condition);
  return condition.invert ? !result : result;
}

/** new-api's checkConditions: none always pass; `AND` needs all, anything else (OR, the default) one. */
export function conditionsHold(body: Json, conditions: readonly Condition[] | undefined, logic: string | undefined): boolean {
  if (!conditions?.length) return true;
  const results = conditions.map((condition) => holds(body, condition));
  return logic?.toUpperCase() === 'AND' ? results.every(Boolean) : results.some(Boolean);
}
