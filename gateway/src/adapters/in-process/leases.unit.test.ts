import { runLeasesContract } from '../../ports/hot-state/leases.contract.js';
import { InProcessLeases } from './leases.js';

// One process is one gateway: its "other gateways" share the same instance.
const shared = new InProcessLeases();
runLeasesContract('in-process', () => [shared, shared]);
