import { parseOptions } from './options.js';
import { runBench } from './run.js';
import { clusterEnginesFromEnv } from './processes/tollgate-process.js';

/** `npm run bench [-- --quick] [-- --only latency,streaming]`: progress on stderr, the tables on stdout. */
const options = parseOptions(process.argv.slice(2), process.env, clusterEnginesFromEnv() !== undefined);
// exit() runs the exit hook that stops the gateway and the mock; a bare signal would skip it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const log = (line: string) => process.stderr.write(`${line}\n`);
try {
  const tables = await runBench(options, log);
  process.stdout.write(`\n${tables}\n`);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
}
