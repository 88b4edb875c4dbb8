import type { UserSubscription } from '@tollgate/wire';
import { LRUCache } from 'lru-cache';
import type { ChangeNotices } from '../ports/hot-state/change-notices.js';
import type { SubscriptionStore } from '../ports/documents/subscription-store.js';
import type { DocumentCacheLimits } from '../relay/admission/document-cache.js';

/**
 * Each user's active subscriptions, held in the process so admission reads no store in steady
 * state (bounded, each entry for a time). A `subscriptions` notice for a user drops the entry, and
 * a read that began before a notice is not kept, so a purchase is seen by every gateway's next call.
 */
export class ActiveSubscriptions {
  private readonly byUser: LRUCache<number, UserSubscription[]>;
  private changes = 0;

  constructor(
    private readonly store: SubscriptionStore,
    limits: DocumentCacheLimits,
  ) {
    this.byUser = new LRUCache({ max: limits.entries, ttl: limits.ttlMs });
  }

  async of(userId: number): Promise<UserSubscription[]> {
    const cached = this.byUser.get(userId);
    if (cached) return cached;
    const seen = this.changes;
    const active = (await this.store.listByUser(userId)).filter((s) => s.status === 'active');
    if (seen === this.changes) this.byUser.set(userId, active);
    return active;
  }

  follow(notices: ChangeNotices): () => void {
    return notices.subscribe((kind, id) => {
      if (kind !== 'subscriptions' && kind !== 'users') return;
      this.changes++;
      if (id === undefined) this.byUser.clear();
      else this.byUser.delete(id);
    });
  }
}
