import type { BalancesChanged, TokenBalance, UserBalance } from '@tollgate/ledger';
import { z } from 'zod';
import type { AcquireResult, HoldRef, HoldRequest, HoldStore, OwedHold, SubscriptionWindow, TokenLimitRequest, TokenLimitResult } from '../../ports/hot-state/hold-store.js';
import type { IpcClient } from './client.js';
import { balancesChangedSchema, settledHoldSchema, tokenBalanceSchema, userBalanceSchema } from './ledger-shapes.js';
import { handle, type PortHandlers } from './owner.js';

const id = z.number().int().nonnegative();
const amount = z.number().int().nonnegative();
const ttlMs = z.number().int().positive();
const windowSchema = z.object({ key: z.string().min(1), limit: z.number().int().nonnegative(), endsAt: z.number().int() });
const pocketsSchema = z.object({
  order: z.enum(['subscription_first', 'wallet_first', 'subscription_only']),
  subscriptions: z.array(z.object({ subscriptionId: id, windows: z.array(windowSchema) })),
});
const holdRequestSchema = z.object({ holdId: z.string().min(1), userId: id, tokenId: id, scope: z.enum(['user-and-token', 'user', 'token']).optional(), least: amount, most: amount, ttlMs, pockets: pocketsSchema.optional() });
const tokenLimitSchema = z.object({ holdId: z.string().min(1), tokenId: id, userId: id, remain: z.number().int(), ttlMs });
const owedHoldSchema = z.object({ holdId: z.string().min(1), userId: id, tokenId: id, amount: z.number().int(), windows: z.array(windowSchema.pick({ key: true, endsAt: true })).optional() });

/**
 * The owner's side of a HoldStore shared by relay workers: one store in one process, so a hold is
 * checked and reserved in one step whichever worker asks (available = balance - holds stays exact).
 */
export function holdStoreHandlers(store: HoldStore): PortHandlers {
  return {
    seed: handle(z.tuple([z.array(userBalanceSchema), z.array(tokenBalanceSchema)]), ([users, tokens]) => store.seed(users, tokens)),
    acquire: handle(z.tuple([holdRequestSchema]), ([request]) => store.acquire(request)),
    limitToken: handle(z.tuple([tokenLimitSchema]), ([request]) => store.limitToken(request)),
    adjust: handle(z.tuple([settledHoldSchema, z.number().int()]), ([hold, cost]) => store.adjust(hold, cost)),
    release: handle(z.tuple([settledHoldSchema]), ([hold]) => store.release(hold)),
    keep: handle(z.tuple([z.array(owedHoldSchema), ttlMs]), ([holds, ms]) => store.keep(holds, ms)),
    applyLedgerChanges: handle(z.tuple([balancesChangedSchema]), ([changes]) => store.applyLedgerChanges(changes)),
    available: handle(z.tuple([id]), ([userId]) => store.available(userId)),
    counted: handle(z.tuple([id, z.array(windowSchema)]), ([userId, windows]) => store.counted(userId, windows)),
  };
}

/** A relay worker's HoldStore: each method one round trip to the owner's store (`port` names which). */
export class IpcHoldStore implements HoldStore {
  constructor(private readonly client: IpcClient, private readonly port: string) {}

  seed(users: UserBalance[], tokens: TokenBalance[]): Promise<void> {
    return this.client.call(this.port, 'seed', [users, tokens]);
  }

  acquire(request: HoldRequest): Promise<AcquireResult> {
    return this.client.call(this.port, 'acquire', [request]);
  }

  limitToken(request: TokenLimitRequest): Promise<TokenLimitResult> {
    return this.client.call(this.port, 'limitToken', [request]);
  }

  adjust(hold: HoldRef, cost: number): Promise<number | null> {
    return this.client.call(this.port, 'adjust', [{ holdId: hold.holdId, userId: hold.userId }, cost]);
  }

  async release(hold: HoldRef): Promise<void> {
    await this.client.call(this.port, 'release', [{ holdId: hold.holdId, userId: hold.userId }]);
  }

  async keep(holds: OwedHold[], ms: number): Promise<void> {
    await this.client.call(this.port, 'keep', [holds, ms]);
  }

  async applyLedgerChanges(changes: BalancesChanged): Promise<void> {
    await this.client.call(this.port, 'applyLedgerChanges', [changes]);
  }

  available(userId: number): Promise<number | null> {
    return this.client.call(this.port, 'available', [userId]);
  }

  counted(userId: number, windows: SubscriptionWindow[]): Promise<number[]> {
    return this.client.call(this.port, 'counted', [userId, windows]);
  }
}
