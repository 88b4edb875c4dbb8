import { runUsageMeterContract } from '../../ports/usage-meter.contract.js';
import { InProcessUsageMeter } from './usage-meter.js';

runUsageMeterContract('in-process', async () => new InProcessUsageMeter());
