import { runChangeNoticesContract } from '../../ports/hot-state/change-notices.contract.js';
import { createInProcessChangeNotices } from './change-notices.js';

runChangeNoticesContract('in-process', async () => {
  const bus = createInProcessChangeNotices();
  return [bus, bus, async () => {}];
});
