import { randomBytes } from 'node:crypto';
import type { GatewayDeps } from '../deps.js';
import { updateAllBalances } from './balance-update.js';
import { ChannelTester } from './channel-tester.js';

type Deps = Pick<GatewayDeps, 'channels' | 'notices' | 'options' | 'leases' | 'users' | 'mailer' | 'eventLog'>;

const MINUTE_MS = 60_000;
/** How often each gateway looks whether a chore is due: a changed frequency applies within this. */
const LOOK_EVERY_MS = 1_000;

interface Chore {
  /** The lease's name: one gateway in the cluster runs the chore per period. */
  name: string;
  /** The option holding its period in minutes; 0 (the default) turns it off. */
  frequencyOption: string;
  run(): Promise<void>;
}

/**
 * The periodic channel test (ChannelTestFrequency) and balance update (ChannelUpdateFrequency),
 * in minutes. Every gateway looks every second; the one that claims the period's lease runs the
 * chore, so it runs once per period in the whole cluster. A changed frequency runs the chore at
 * once, then every new period, with no restart. Returns the stop function.
 */
export function startPeriodicChecks(deps: Deps, onError: (error: unknown) => void): () => void {
  const holder = randomBytes(6).toString('hex');
  const tester = new ChannelTester(deps);
  const chores: Chore[] = [
    { name: 'channel-test', frequencyOption: 'ChannelTestFrequency', run: () => tester.testAll() ?? Promise.resolve() },
    { name: 'channel-balance', frequencyOption: 'ChannelUpdateFrequency', run: () => updateAllBalances(deps) },
  ];
  const look = async (chore: Chore) => {
    const periodMs = deps.options.number(chore.frequencyOption) * MINUTE_MS;
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
