import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../gateways/role-process.js';

const run = promisify(execFile);
const kafkaScripts = fileURLToPath(new URL('../../../../infra/local/kafka/', import.meta.url));

/** A Kafka broker of one test file's own, so the test may kill and restart it. */
export interface PrivateBroker {
  /** `KAFKA_BROKERS` for the roles. */
  brokers: string;
  /** SIGKILL: the broker dies at once, as a crashed machine's would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a KRaft broker with infra/local/kafka/start.sh on a free loopback port. */
export async function startPrivateBroker(): Promise<PrivateBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-broker-'));
  const port = String(await freePort());
  const start = () => run('bash', [join(kafkaScripts, 'start.sh'), port, dir]);
  const stop = () => run('bash', [join(kafkaScripts, 'stop.sh'), dir]);
  await start();
  return {
    brokers: `127.0.0.1:${port}`,
    kill: async () => {
      process.kill(Number(readFileSync(join(dir, 'broker.pid'), 'utf8')), 'SIGKILL');
      await stop(); // waits until the pid is gone, then forgets it
    },
    start: async () => {
      await start();
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
