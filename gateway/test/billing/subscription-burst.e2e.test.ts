import { startBurstFixture } from '../support/fleets/burst.js';
import { runSubscriptionBurst } from './subscription-burst-scenario.js';

runSubscriptionBurst('embedded', async () => {
  const fixture = await startBurstFixture();
  return { tollgate: fixture.tollgate, root: fixture.root, gatewayUrls: [fixture.tollgate.url], ledgerWithinMs: 10_000, close: () => fixture.close() };
});
