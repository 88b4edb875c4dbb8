/**
 * What `compute` makes of a text an admin saved (an override, a pattern), made once and kept: a
 * channel's settings are read on every call but change rarely. At most `limit` texts are kept (a
 * setting edited many times would otherwise keep every old text); when full it starts over.
 */
export function textMemo<T>(limit: number, compute: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    if (kept.has(text)) return kept.get(text) as T;
    if (kept.size >= limit) kept.clear();
    const value = compute(text);
    kept.set(text, value);
    return value;
  };
}
