import { requiredClusterEngines } from '../support/config.js';
import { runSessionsAcrossGateways } from './sessions-across-gateways.js';

runSessionsAcrossGateways('one Redis', requiredClusterEngines());
