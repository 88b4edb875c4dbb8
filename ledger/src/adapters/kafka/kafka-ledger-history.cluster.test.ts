import { runLedgerHistoryContract } from '../../ports/ledger-history.contract.js';
import { requiredEngine } from '../../testing/cluster-engines.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = requiredEngine('KAFKA_BROKERS');

runLedgerHistoryContract('KafkaEventLog', async () => {
  const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tg-history-test-${process.pid}-${Date.now()}`, partitions: 3 });
  return { log, history: log, close: () => log.close() };
});
