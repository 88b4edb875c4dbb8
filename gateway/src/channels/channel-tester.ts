import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import { probeChannel } from './channel-probe.js';
import { disableAutomatically, enableAutomatically, recordTest } from './channel-status.js';
import { failureReason, shouldDisable, shouldEnable, slowTestReason } from './health-rules.js';
import { healthSwitches } from './health-switches.js';

type Deps = AccountsContext & MoneyContext & ChannelsContext;

/** Tests one channel as the test-all run does: a failing or slow enabled channel goes, a passing auto-disabled one returns. */
async function testAndJudge(deps: Deps, channel: Channel): Promise<void> {
  const switches = healthSwitches(deps);
  const probe = await probeChannel(channel);
  const slow = slowTestReason(switches, probe.elapsedMs);
  const failed = probe.failure && shouldDisable(switches, channel.type, probe.failure) ? failureReason(probe.failure) : null;
  const disableReason = switches.automaticDisable ? (slow ?? failed) : null;
  await recordTest(deps, channel, probe.elapsedMs);
  if (channel.status === ChannelStatus.Enabled && disableReason && channel.autoBan !== 0) {
    await disableAutomatically(deps, channel, disableReason);
  } else if (shouldEnable(switches, channel.status, probe.failure !== null || slow !== null)) {
    await enableAutomatically(deps, channel);
  }
}

/** Tests every channel one after the other; one run at a time per gateway. */
export class ChannelTester {
  private running: Promise<void> | null = null;

  constructor(private readonly deps: Deps) {}

  get busy(): boolean {
    return this.running !== null;
  }

  /** Starts a run and returns it; null when one is already running. */
  testAll(): Promise<void> | null {
    if (this.running) return null;
    this.running = this.runAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runAll(): Promise<void> {
    for (const channel of await this.deps.channels.all()) {
      if (channel.status === ChannelStatus.Disabled) continue; // switched off by hand: left alone
      await testAndJudge(this.deps, channel);
    }
  }
}
