import { type LedgerEvent, ledgerEventSchema } from '@tollgate/wire';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod/mini';

type Check = (value: unknown) => boolean;

/**
 * One compiled check per event type, from the schema's own JSON Schema (its output form: no key
 * beyond the schema's, so a value a check passes is exactly what the schema would return).
 */
function compileChecks(): ReadonlyMap<string, Check> {
  const ajv = new Ajv2020({ strict: false });
  const checks = new Map<string, Check>();
  for (const branch of ledgerEventSchema.def.options) {
    const type = branch.shape.type.def.values[0];
    checks.set(String(type), ajv.compile(z.toJSONSchema(branch, { io: 'output' })));
  }
  return checks;
}

const checks = compileChecks();

/**
 * An event read from the log (parsed JSON) through the ledger event schema. The common case, a
 * well-formed event of this version, passes a compiled check and is the value itself: the
 * schema's parse builds a fresh copy of every nested object, about 7 KB of garbage an event and
 * 7-10 µs, the largest allocator of a relayed call (`npm run bench -- --only allocations`).
 * Anything else (a missing field, a key it does not know) goes through the schema, which strips,
 * or throws its own error: the answer is always the schema's.
 */
export function readLedgerEvent(value: unknown): LedgerEvent {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const check = typeof type === 'string' ? checks.get(type) : undefined;
  return check?.(value) ? (value as LedgerEvent) : ledgerEventSchema.parse(value);
}
