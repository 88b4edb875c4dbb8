import { runCircuitBreakersContract } from '../../ports/hot-state/circuit-breakers.contract.js';
import { InProcessCircuitBreakers } from './circuit-breakers.js';

// One process is one gateway: its "other gateway" is the same instance.
runCircuitBreakersContract('in-process', async () => {
  const shared = new InProcessCircuitBreakers();
  return [shared, shared, async () => {}];
});
