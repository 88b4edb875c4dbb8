/** The positions of a bulk write's operations refused as duplicate keys; any other failure is thrown. */
export function duplicateIndexes(error: unknown): number[] {
  const writeErrors = (error as { writeErrors?: { code?: number; index: number }[] | { code?: number; index: number } }).writeErrors;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  if (list.length === 0 || list.some((e) => e.code !== 11000)) throw error;
  return list.map((e) => e.index);
}
