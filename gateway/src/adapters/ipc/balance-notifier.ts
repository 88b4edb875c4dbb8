import type { BalanceNotifier, BalancesChanged, BalancesListener } from '@tollgate/ledger';
import { z } from 'zod';
import type { IpcClient } from './client.js';
import { balancesChangedSchema } from './ledger-shapes.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const TOPIC = 'balances';

/** The owner's side: what the ledger (on the owner) announces reaches every worker. */
export function balanceNotifierHandlers(notifier: BalanceNotifier, owner: IpcOwner): PortHandlers {
  notifier.subscribe((changes) => owner.broadcast(TOPIC, changes));
  return {
    publish: handle(z.tuple([balancesChangedSchema]), ([changes]) => notifier.publish(changes)),
  };
}

/** A relay worker's notifier: the owner's announcements, pushed. */
export class IpcBalanceNotifier implements BalanceNotifier {
  private readonly listeners = new Set<BalancesListener>();

  constructor(private readonly client: IpcClient, onError: (error: unknown) => void) {
    client.onPush(TOPIC, (payload) => {
      const changes = balancesChangedSchema.safeParse(payload);
      if (!changes.success) return onError(changes.error);
      for (const listener of this.listeners) listener(changes.data);
    });
  }

  async publish(changes: BalancesChanged): Promise<void> {
    await this.client.call('notifier', 'publish', [changes]);
  }

  subscribe(listener: BalancesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {}
}
