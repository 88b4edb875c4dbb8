import { runBalanceNotifierContract } from '../../ports/balance-notifier.contract.js';
import { createInProcessBalanceNotifier } from './in-process-balance-notifier.js';

runBalanceNotifierContract('in-process', async () => {
  const bus = createInProcessBalanceNotifier();
  return [bus, bus];
});
