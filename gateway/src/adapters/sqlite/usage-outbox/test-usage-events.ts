import { newEventMetadata } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';

/** For the spool's tests: a usage event of `quota`, held under `hold-<quota>`. */
export function usage(quota: number, userId = 1, tokenId = 10): LedgerEvent {
  return {
    type: 'UsageRecorded',
    data: {
      requestId: `req-${quota}`, holdId: `hold-${quota}`, userId, username: 'u', tokenId, tokenName: 'k', channelId: 1, model: 'm', group: 'default',
      promptTokens: quota, completionTokens: 0, quota, isStream: false, useTimeMs: 1, content: '', other: { model_ratio: 1, completion_ratio: 1, group_ratio: 1, model_price: -1, frt: -1000 },
    },
    metadata: newEventMetadata(),
  };
}

