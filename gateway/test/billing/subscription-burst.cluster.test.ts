import { requiredClusterEngines } from '../support/config.js';
import { runSubscriptionBurst, twoGateways } from './subscription-burst-scenario.js';

runSubscriptionBurst('two gateways on Kafka, MongoDB and one Redis', () => twoGateways(requiredClusterEngines()));
