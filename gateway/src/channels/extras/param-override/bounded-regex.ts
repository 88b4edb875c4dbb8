import { textMemo } from '../text-memo.js';

/**
 * Admins' patterns (affinity rules, param override's regex_replace) compiled once and kept: at most
 * MAX_COMPILED (a setting edited many times would otherwise keep every old pattern) and none longer
 * than MAX_PATTERN (JavaScript's regexes backtrack, unlike Go's RE2 new-api uses; a short pattern
 * bounds the worst an admin's typo can cost). A pattern that does not compile is null.
 */
const MAX_COMPILED = 1_000;
export const MAX_PATTERN = 512;

/** `key` is the flags, a slash, then the pattern. */
const compiled = textMemo(MAX_COMPILED, (key): RegExp | null => {
  const slash = key.indexOf('/');
  const pattern = key.slice(slash + 1);
  if (pattern.length > MAX_PATTERN) return null;
  try {
    return new RegExp(pattern, key.slice(0, slash));
  } catch {
    return null;
  }
});

export const boundedRegex = (pattern: string, flags = ''): RegExp | null => compiled(`${flags}/${pattern}`);

/**
 * A Go (RE2) pattern as JavaScript reads it: leading flag groups such as `(?i)` or `(?is)`, which
 * admins copy from new-api's docs, become the RegExp's flags, and `(?P<name>` is a named group;
 * `extraFlags` adds to them (`g`). Anything else JavaScript reads differently is refused or read as JavaScript.
 */
export function goRegex(pattern: string, extraFlags = ''): RegExp | null {
  const lead = /^\(\?([ims]+)\)/.exec(pattern);
  const flags = new Set([...extraFlags, ...(lead?.[1] ?? '')]);
  const body = (lead ? pattern.slice(lead[0].length) : pattern).replaceAll('(?P<', '(?<');
  return boundedRegex(body, [...flags].sort().join(''));
}

/** Go's replacement template (`$1`, `${1}`, `${name}`) in JavaScript's spelling (`$1`, `$<name>`); `$$` stays a dollar. */
export const goReplacement = (template: string) =>
  template.replace(/\$(\$|\{(\w+)\}|([A-Za-z_]\w*))/g, (whole, _all: string, braced?: string, bare?: string) => {
    const name = braced ?? bare;
    if (name === undefined) return whole;
    return /^\d+$/.test(name) ? `$${name}` : `$<${name}>`;
  });
