import { runGatewayReportsContract } from '../../ports/hot-state/gateway-reports.contract.js';
import { InProcessGatewayReports } from './gateway-reports.js';

runGatewayReportsContract('in-process', async () => {
  const bus = new InProcessGatewayReports();
  return [bus, bus, async () => {}];
});
