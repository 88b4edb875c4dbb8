import { requiredClusterEngines } from '../support/config.js';
import { runAdmissionBurstAcrossGateways } from './admission-burst-across-gateways.js';

runAdmissionBurstAcrossGateways('one Redis', requiredClusterEngines());
