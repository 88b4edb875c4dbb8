const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomSuffix(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** Batch creation: the first token keeps the name, the others get a dash and 6 random alphanumerics. */
export function newTokenNames(name: string, count: number): string[] {
  const total = Number.isInteger(count) && count > 0 ? count : 1;
  return Array.from({ length: total }, (_, i) => (i === 0 ? name : `${name}-${randomSuffix()}`));
}
