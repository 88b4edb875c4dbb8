import { randomBytes } from 'node:crypto';
import type { GatewayDeps } from '../deps.js';
import { updateAllBalances } from './balance-update.js';
import { ChannelTester } from './channel-tester.js';
import { proveAndRecord } from '../ledger-proof/record-proof.js';
import { systemActor } from '../audit/audit-event.js';

type Deps = Pick<GatewayDeps, 'channels' | 'notices' | 'options' | 'leases' | 'users' | 'mailer' | 'eventLog' | 'logs' | 'auditTrail' | 'ledgerProof'>;

const MINUTE_MS = 60_000;
const DAY_SECONDS = 86_400;
/** How often log retention deletes what has aged past LogRetentionDays. */
const RETENTION_EVERY_MS = 60 * MINUTE_MS;
/** How often each gateway looks whether a chore is due: a changed frequency applies within this. */
const LOOK_EVERY_MS = 1_000;

interface Chore {
  /** The lease's name: one gateway in the cluster runs the chore per period. */
  name: string;
  /** Its period now, read from the options at each look; 0 turns it off. */
  periodMs(): number;
  run(): Promise<void>;
}

/**
 * The periodic channel test (ChannelTestFrequency), balance update (ChannelUpdateFrequency) and
 * ledger audit (LedgerAuditFrequency), in minutes, and the hourly deletion of log rows older than LogRetentionDays (0 keeps them all;
 * analytics drops whole months as partitions and the rest by a DELETE). Every gateway looks every
 * second; the one that claims the period's lease runs the chore, so it runs once per period in the
 * whole cluster. A changed frequency runs the chore at
 * once, then every new period, with no restart. Returns the stop function.
 */
export function startPeriodicChecks(deps: Deps, onError: (error: unknown) => void): () => void {
  const holder = randomBytes(6).toString('hex');
  const tester = new ChannelTester(deps);
  const everyMinutes = (option: string) => () => deps.options.number(option) * MINUTE_MS;
  const retentionDays = () => deps.options.number('LogRetentionDays');
  const chores: Chore[] = [
    { name: 'channel-test', periodMs: everyMinutes('ChannelTestFrequency'), run: () => tester.testAll() ?? Promise.resolve() },
    { name: 'channel-balance', periodMs: everyMinutes('ChannelUpdateFrequency'), run: () => updateAllBalances(deps) },
    { name: 'ledger-audit', periodMs: everyMinutes('LedgerAuditFrequency'), run: async () => void (await proveAndRecord(deps, systemActor, 'scheduled', onError)) },
    {
      name: 'log-retention',
      periodMs: () => (retentionDays() > 0 ? RETENTION_EVERY_MS : 0),
      run: async () => void (await deps.logs.deleteBefore(Math.floor(Date.now() / 1000) - Math.round(retentionDays() * DAY_SECONDS))),
    },
  ];
  const look = async (chore: Chore) => {
    const periodMs = chore.periodMs();
    if (!(periodMs > 0)) return;
    // The lease is per period: a lease claimed under the old frequency (an hour, say) must not hold back a new, shorter one.
    if (!(await deps.leases.claim(`${chore.name}:${periodMs}`, holder, periodMs))) return;
    await chore.run();
  };
  const timer = setInterval(() => {
    for (const chore of chores) look(chore).catch(onError);
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
