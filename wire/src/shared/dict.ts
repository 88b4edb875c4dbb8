/**
 * Dictionaries keyed by what a client chose (model, group, user and token names, header and option
 * names). A plain `{}` inherits Object.prototype, so `table['constructor']` answers a function and
 * `table['__proto__'] ??= x` writes onto every object in the process (issue #33 item 0). A `Map`
 * has neither problem; where the value must stay a JSON object (it is sent, stored or parsed as one),
 * it is made here without a prototype, and a table that came from elsewhere is read with `own`.
 */

/** A null-prototype copy of `from` (an object or entries); empty without it. It serialises like `{}`. */
export function dict<T>(from?: Readonly<Record<string, T>> | Iterable<readonly [string, T]>): Record<string, T> {
  const table = Object.create(null) as Record<string, T>;
  if (from === undefined) return table;
  const entries = isIterable(from) ? from : Object.entries(from);
  for (const [key, value] of entries) table[key] = value;
  return table;
}

function isIterable<T>(from: Readonly<Record<string, T>> | Iterable<readonly [string, T]>): from is Iterable<readonly [string, T]> {
  return typeof (from as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
}

/** `table[key]` when `table` itself holds the key, never what its prototype holds. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The entry of `table` under `key`, made by `make` and kept when the table has none of its own. */
export function entryOf<T>(table: Record<string, T>, key: string, make: () => T): T {
  const known = own(table, key);
  if (known !== undefined) return known;
  const made = make();
  table[key] = made;
  return made;
}

/** A JSON object text (an option, a channel's mapping) as a null-prototype table; anything else, or broken JSON, reads as empty. */
export function parseJsonTable(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? dict(parsed as Record<string, unknown>) : dict();
  } catch {
    return dict();
  }
}
