import { runEventLogContract } from '../../ports/event-log.contract.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) throw new Error('KAFKA_BROKERS must name a Kafka broker for the cluster tier (bash infra/local/kafka/with-broker.sh ...)');
let topics = 0;

runEventLogContract('kafka', async () =>
  createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tg-ledger-test-${process.pid}-${Date.now()}-${topics++}`, partitions: 4 }),
);
