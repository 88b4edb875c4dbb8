import { createHash, randomBytes } from 'node:crypto';

/** A Stripe or Creem order's reference, shaped as new-api's (`ref_` and 40 hex): unguessable, one per checkout. */
export function checkoutReference(userId: number): string {
  const seed = `tollgate-ref-${userId}-${Date.now()}-${randomBytes(8).toString('hex')}`;
  return `ref_${createHash('sha1').update(seed).digest('hex')}`;
}
