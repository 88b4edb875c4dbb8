export { createKafkaEventLog, KafkaEventLog, type KafkaEventLogOptions, parseBrokers } from './kafka-event-log.js';
