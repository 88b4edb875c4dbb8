/**
 * Admins' patterns (affinity rules, param override's regex_replace) compiled once and kept: at most
 * MAX_COMPILED (a setting edited many times would otherwise keep every old pattern) and none longer
 * than MAX_PATTERN (JavaScript's regexes backtrack, unlike Go's RE2 new-api uses; a short pattern
 * bounds the worst an admin's typo can cost). A pattern that does not compile is null.
 */
const MAX_COMPILED = 1_000;
export const MAX_PATTERN = 512;
const compiledPatterns = new Map<string, RegExp | null>();

export function boundedRegex(pattern: string, flags = ''): RegExp | null {
  const key = `${flags}/${pattern}`;
  if (!compiledPatterns.has(key)) {
    if (compiledPatterns.size >= MAX_COMPILED) compiledPatterns.clear();
    compiledPatterns.set(key, pattern.length > MAX_PATTERN ? null : compile(pattern, flags));
  }
  return compiledPatterns.get(key) ?? null;
}

function compile(pattern: string, flags: string): RegExp | null {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}
