import { runLedgerHistoryContract } from '../../ports/ledger-history.contract.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) throw new Error('KAFKA_BROKERS must name a Kafka broker for the cluster tier (bash infra/local/with-engines.sh ...)');

runLedgerHistoryContract('KafkaEventLog', async () => {
  const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tg-history-test-${process.pid}-${Date.now()}`, partitions: 3 });
  return { log, history: log, close: () => log.close() };
});
