/** An upstream's JSON answer, or null when it sent something else (the caller then reads it as text). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
