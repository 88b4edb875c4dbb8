import { z } from 'zod';

/**
 * A wire object schema as a ClickHouse row parser: a server may quote 64-bit integers where chdb
 * does not, so each number column is read through `Number` first, then the wire schema decides.
 */
export function clickhouseRow<Schema extends z.core.$ZodObject>(schema: Schema) {
  const numberColumns = Object.entries(schema._zod.def.shape)
    .filter(([, field]) => field._zod.def.type === 'number')
    .map(([column]) => column);
  return z.preprocess((row) => {
    if (row === null || typeof row !== 'object') return row;
    const numbered: Record<string, unknown> = { ...row };
    for (const column of numberColumns) if (typeof numbered[column] === 'string') numbered[column] = Number(numbered[column]);
    return numbered;
  }, schema);
}
