import { requiredEnginesOnRedisCluster } from '../support/config.js';
import { runSubscriptionBurst, twoGateways } from './subscription-burst-scenario.js';

// A user's windows and wallet are held in one script, so they share the user's slot of the Redis Cluster.
runSubscriptionBurst('two gateways on Kafka, MongoDB and a Redis Cluster', () => twoGateways(requiredEnginesOnRedisCluster()));
