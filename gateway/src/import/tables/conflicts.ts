/** The skip reason of a document whose id Tollgate already holds: a second run, or an id taken. */
export const ALREADY_IN_TOLLGATE = 'already in Tollgate';

/** The reason of the first check that finds a clash (the id first, then unique keys), or null. */
export async function firstConflict(checks: Array<[() => Promise<boolean>, string]>): Promise<string | null> {
  for (const [clashes, reason] of checks) {
    if (await clashes()) return reason;
  }
  return null;
}
