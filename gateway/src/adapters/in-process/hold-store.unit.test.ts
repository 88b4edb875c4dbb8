import { runHoldStoreContract } from '../../ports/hold-store.contract.js';
import { createInProcessHoldStore } from './hold-store.js';

runHoldStoreContract('in-process', async () => createInProcessHoldStore());
