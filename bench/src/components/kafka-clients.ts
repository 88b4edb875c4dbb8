import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ledgerEventSchema } from '@tollgate/wire';
import { BenchTopics, type KafkaClientSide, type KeyedMessage, kafkajsSide, platformaticSide, SEND_SIZE } from '../adapters/kafka-client-sides.js';
import { usageEvent } from './pipeline.js';
import { median } from '../stats.js';

/**
 * The Kafka clients on the same load (issue #36): N usage events produced with the product's
 * producer settings, then consumed in a new group, client after client in alternating order
 * round after round, each round on fresh topics, in the same run on the same broker.
 */
export interface KafkaClientsOptions {
  messages: number;
  rounds: number;
  partitions: number;
}

export interface KafkaClientFigures {
  client: string;
  producerPerSecond: number[];
  consumerPerSecond: number[];
}

export interface KafkaClientsResult {
  clients: KafkaClientFigures[];
  eventBytes: number;
  load: string;
}

/** Real usage events (checked against the ledger's schema), keyed by user as the event log keys them. */
export function usageMessages(count: number): KeyedMessage[] {
  const at = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const event = ledgerEventSchema.parse(usageEvent(i, at));
    return { key: Buffer.from(String(event.data.userId)), value: Buffer.from(JSON.stringify(event)) };
  });
}

export async function measureKafkaClients(brokers: string[], options: KafkaClientsOptions, log: (line: string) => void): Promise<KafkaClientsResult> {
  const messages = usageMessages(options.messages);
  const sides = [kafkajsSide(brokers), platformaticSide(brokers)];
  const topics = new BenchTopics(brokers);
  const figures = sides.map((side) => ({ client: side.name, producerPerSecond: [] as number[], consumerPerSecond: [] as number[] }));
  const loadBefore = loadavg()[0] ?? 0;
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const side = sides[index] as KafkaClientSide;
        const topic = `tollgate.bench.clients.${process.pid}.${round}.${index}`;
        await topics.create(topic, options.partitions);
        const [produced, consumed] = await oneRound(side, topic, messages);
        figures[index]?.producerPerSecond.push(produced);
        figures[index]?.consumerPerSecond.push(consumed);
        log(`kafka-clients: round ${round + 1}, ${side.name}: produce ${Math.round(produced)}/s, consume ${Math.round(consumed)}/s`);
      }
    }
  } finally {
    await Promise.allSettled(sides.map((side) => side.close()));
    await topics.removeAll();
  }
  const eventBytes = Math.round(messages.reduce((sum, m) => sum + m.value.length, 0) / messages.length);
  return { clients: figures, eventBytes, load: `load average ${loadBefore.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}` };
}

/** Records a second produced, then consumed, by one client on its own topic. */
async function oneRound(side: KafkaClientSide, topic: string, messages: readonly KeyedMessage[]): Promise<[number, number]> {
  const started = performance.now();
  await side.produce(topic, messages);
  const produced = messages.length / ((performance.now() - started) / 1000);
  const consumeMs = await side.consume(topic, `${topic}.group`, messages.length);
  return [produced, messages.length / (consumeMs / 1000)];
}

export function kafkaClientsTable(options: KafkaClientsOptions, result: KafkaClientsResult): string {
  const perRound = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  const rows = result.clients.map((c) => `| ${c.client} | ${Math.round(median(c.producerPerSecond))} (${perRound(c.producerPerSecond)}) | ${Math.round(median(c.consumerPerSecond))} (${perRound(c.consumerPerSecond)}) |`);
  return [
    `### Kafka clients: ${options.messages.toLocaleString('en')} usage events (${result.eventBytes} bytes of JSON each) on a ${options.partitions}-partition topic, median of ${options.rounds} alternating rounds (${result.load})`,
    '',
    `Producer: idempotent, acks=all, gzip, ${SEND_SIZE} records a send, one send at a time. Consumer: a new group from the earliest offset, timed from its join to the last record, no processing.`,
    '',
    '| client | producer, records a second (each round) | consumer, records a second (each round) |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
