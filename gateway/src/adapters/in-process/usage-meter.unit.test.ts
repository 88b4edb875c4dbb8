import { runUsageMeterContract } from '../../ports/hot-state/usage-meter.contract.js';
import { InProcessUsageMeter } from './usage-meter.js';

runUsageMeterContract('in-process', async () => new InProcessUsageMeter());
