import { z } from 'zod/mini';
import { affQuotaMigratedSchema, affQuotaTransferredSchema, inviterRewardedSchema } from './invite-events.js';
import { openingBalanceRecordedSchema } from './opening-balance.js';
import { quotaAdjustedSchema, quotaGrantedSchema, tokenQuotaSetSchema } from './quota-events.js';
import { subscriptionPurchasedSchema } from './subscription-events.js';
import { taskRefundedSchema } from './task-refunded.js';
import { usageRecordedSchema } from './usage-recorded.js';

/** Every fact that changes a balance or is logged: what the event log carries between gateway, ledger and analytics. */
export const ledgerEventSchema = z.discriminatedUnion('type', [
  usageRecordedSchema,
  quotaAdjustedSchema,
  quotaGrantedSchema,
  tokenQuotaSetSchema,
  taskRefundedSchema,
  inviterRewardedSchema,
  affQuotaTransferredSchema,
  affQuotaMigratedSchema,
  openingBalanceRecordedSchema,
  subscriptionPurchasedSchema,
]);
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;
export type LedgerEventType = LedgerEvent['type'];
