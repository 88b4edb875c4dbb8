import { randomBytes } from 'node:crypto';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { OpsContext } from '../contexts/ops.js';
import type { AuditContext } from '../contexts/audit.js';
import type { AnalyticsContext } from '../contexts/analytics.js';
import { updateAllBalances } from './balance-update.js';
import { ChannelTester } from './channel-tester.js';
import { checkWatchedChannels } from './upstream-models/all-channels.js';
import { proveAndRecord } from '../ledger-proof/record-proof.js';
import { systemActor } from '../ports/documents/audit-event.js';

type Deps = AccountsContext & MoneyContext & ChannelsContext & OpsContext & AuditContext & AnalyticsContext;

const MINUTE_MS = 60_000;
const DAY_SECONDS = 86_400;
/** How often log retention deletes what has aged past LogRetentionDays. */
const RETENTION_EVERY_MS = 60 * MINUTE_MS;
/** How often the channels watching their upstream's model list are checked (new-api's default task interval). */
const UPSTREAM_MODELS_EVERY_MS = 30 * MINUTE_MS;
/** How often each gateway looks whether a chore is due: a changed frequency applies within this. */
const LOOK_EVERY_MS = 1_000;

interface Chore {
  /** The lease's name: one gateway in the cluster runs the chore per period. */
  name: string;
  /** Its period now, read from the options at each look; 0 turns it off. */
  periodMs(): number;
  run(): Promise<void>;
  /**
   * Runs only as a period begins (periods counted from the epoch: 1440 minutes is daily at 00:00
   * UTC) while this gateway is up: never at its start, nor at once on a changed frequency.
   */
  atPeriodStarts?: true;
}

/**
 * For chores run at period starts: the lease of a period that began since this gateway's last look
 * under the same period, or null (the first look, the same period as before, a changed frequency).
 */
function periodStartLease(seen: Map<string, string>, chore: Chore, periodMs: number, nowMs: number): string | null {
  const period = `${periodMs}:${Math.floor(nowMs / periodMs)}`;
  const before = seen.get(chore.name);
  seen.set(chore.name, period);
  if (before === undefined || before === period || !before.startsWith(`${periodMs}:`)) return null;
  return `${chore.name}:${period}`;
}

/**
 * The periodic channel test (ChannelTestFrequency), balance update (ChannelUpdateFrequency) and
 * ledger audit (LedgerAuditFrequency), in minutes, the half-hourly check of the channels watching
 * their upstream's model list (auto-syncing those set so), and the hourly deletion of log rows older than LogRetentionDays (0 keeps them all;
 * analytics drops whole months as partitions and the rest by a DELETE). Every gateway looks every
 * second; the one that claims the period's lease runs the chore, so it runs once per period in the
 * whole cluster. A changed frequency runs the chore at once, then every new period, with no restart;
 * except the ledger audit, a full pass over the log: it runs only as each period begins, so starting
 * or restarting gateways never runs it. `now` is the clock periods are counted by. Returns the stop function.
 */
export function startPeriodicChecks(deps: Deps, onError: (error: unknown) => void, now: () => number = Date.now): () => void {
  const holder = randomBytes(6).toString('hex');
  const tester = new ChannelTester(deps);
  const everyMinutes = (option: string) => () => deps.options.number(option) * MINUTE_MS;
  const retentionDays = () => deps.options.number('LogRetentionDays');
  const chores: Chore[] = [
    { name: 'channel-test', periodMs: everyMinutes('ChannelTestFrequency'), run: () => tester.testAll() ?? Promise.resolve() },
    { name: 'channel-balance', periodMs: everyMinutes('ChannelUpdateFrequency'), run: () => updateAllBalances(deps) },
    { name: 'ledger-audit', periodMs: everyMinutes('LedgerAuditFrequency'), run: async () => void (await proveAndRecord(deps, systemActor, 'scheduled', onError)), atPeriodStarts: true },
    { name: 'upstream-models', periodMs: () => UPSTREAM_MODELS_EVERY_MS, run: () => checkWatchedChannels(deps, onError) },
    {
      name: 'log-retention',
      periodMs: () => (retentionDays() > 0 ? RETENTION_EVERY_MS : 0),
      run: async () => void (await deps.logs.deleteBefore(Math.floor(Date.now() / 1000) - Math.round(retentionDays() * DAY_SECONDS))),
    },
  ];
  const periodsSeen = new Map<string, string>();
  const look = async (chore: Chore, nowMs: number) => {
    const periodMs = chore.periodMs();
    if (!(periodMs > 0)) {
      periodsSeen.delete(chore.name); // switched on again later, it waits for a period to begin
      return;
    }
    // The lease is per period: a lease claimed under the old frequency (an hour, say) must not hold back a new, shorter one.
    const lease = chore.atPeriodStarts ? periodStartLease(periodsSeen, chore, periodMs, nowMs) : `${chore.name}:${periodMs}`;
    if (lease === null || !(await deps.leases.claim(lease, holder, periodMs))) return;
    await chore.run();
  };
  const timer = setInterval(() => {
    const nowMs = now();
    for (const chore of chores) look(chore, nowMs).catch(onError);
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
