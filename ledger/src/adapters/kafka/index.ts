export { createKafkaEventLog, KafkaEventLog, type KafkaEventLogOptions, parseBrokers } from './kafka-event-log.js';
export { TopicRefusedError } from './kafka-topic.js';
export type { TopicCompression, TopicSettings } from './topic-settings.js';
