import type { BackgroundLog } from '@tollgate/ledger';
import type { ModelRequestLimit } from './admission/model-request-limit.js';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { TasksContext } from '../contexts/tasks.js';
import type { OpsContext } from '../contexts/ops.js';
import type { UsagePublisher } from '../events/usage-publisher.js';
import type { ChannelRouter } from './upstream/channel-router.js';
import type { ChannelBreakers } from './upstream/channel-breakers.js';
import type { InFlightHolds } from './admission/in-flight-holds.js';
import type { DocumentCache } from './admission/document-cache.js';
import type { ActiveSubscriptions } from '../subscriptions/active-subscriptions.js';
import type { RelayMetrics } from './overhead.js';
import type { OpsMeter } from '../ops/ops-meter.js';
import type { SensitiveWords } from './admission/sensitive-words.js';
import type { UpstreamPools } from './upstream/upstream-pool.js';

/** What the relay touches of the gateway's dependencies. */
export type RelayDeps = AccountsContext & MoneyContext & ChannelsContext & TasksContext & OpsContext;

/** What every relay route shares: the deps and the in-process hot-path state. */
export interface RelayContext {
  deps: RelayDeps;
  cache: DocumentCache;
  /** Each user's active subscriptions, for who pays a call (issue #41). */
  subscriptions: ActiveSubscriptions;
  router: ChannelRouter;
  /** The channels' circuit breakers: the router's local view of them, and what a failure or a probe reports. */
  breakers: ChannelBreakers;
  pools: UpstreamPools;
  publisher: UsagePublisher;
  /** The holds of this gateway's calls in flight, renewed until they settle. */
  inFlight: InFlightHolds;
  metrics: RelayMetrics;
  /** This gateway's live meter of calls, for the operations view. */
  ops: OpsMeter;
  sensitive: SensitiveWords;
  /** The per-user model request limits (ModelRequestRateLimit*). */
  requestLimit: ModelRequestLimit;
  /** Where work a call leaves running (a low-quota reminder) reports its failure. */
  log: BackgroundLog;
}
