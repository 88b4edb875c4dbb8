import { describe, expect, it } from 'vitest';
import { type ChunkSteps, handleChunksInOrder } from './chunks-in-order.js';

/** A handler per chunk that the test ends by hand, and a log of what happened in which order. */
function scripted(chunks: string[], inFlight: number, overrides: Partial<ChunkSteps<string>> = {}) {
  const log: string[] = [];
  const ends = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const steps: ChunkSteps<string> = {
    inFlight,
    keepGoing: () => true,
    handle: (chunk) =>
      new Promise<void>((resolve, reject) => {
        log.push(`start ${chunk}`);
        ends.set(chunk, { resolve, reject });
      }),
    commit: async (chunk) => void log.push(`commit ${chunk}`),
    ...overrides,
  };
  const outcome = handleChunksInOrder(chunks, steps);
  const end = async (chunk: string, error?: Error) => {
    const handler = ends.get(chunk);
    if (!handler) throw new Error(`${chunk} was not started`);
    if (error) handler.reject(error);
    else handler.resolve();
    log.push(`${error ? 'fail' : 'end'} ${chunk}`);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { log, outcome, end, started: () => [...ends.keys()] };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('handleChunksInOrder', () => {
  it('given two in flight, starts the next chunk while the first is handled, and no third', async () => {
    const run = scripted(['a', 'b', 'c'], 2);
    await tick();
    expect(run.started()).toEqual(['a', 'b']);
    await run.end('a');
    expect(run.started()).toEqual(['a', 'b', 'c']);
    await run.end('b');
    await run.end('c');
    expect(await run.outcome).toEqual({ committed: 3, started: 3 });
  });

  it('given a later chunk ends first, commits it only after the earlier one: offsets never pass an unfinished handler', async () => {
    const run = scripted(['a', 'b'], 2);
    await tick();
    await run.end('b');
    expect(run.log).not.toContain('commit b');
    await run.end('a');
    await run.outcome;
    expect(run.log).toEqual(['start a', 'start b', 'end b', 'end a', 'commit a', 'commit b']);
  });

  it('given one in flight, handles and commits each chunk before the next starts', async () => {
    const run = scripted(['a', 'b'], 1);
    await tick();
    expect(run.started()).toEqual(['a']);
    await run.end('a');
    await run.end('b');
    await run.outcome;
    expect(run.log).toEqual(['start a', 'end a', 'commit a', 'start b', 'end b', 'commit b']);
  });

  it('when a chunk fails, waits for the one started after it, commits neither, and reports the committed prefix', async () => {
    const run = scripted(['a', 'b', 'c', 'd'], 2);
    await tick();
    await run.end('a');
    await run.end('b', new Error('insert failed'));
    let returned = false;
    run.outcome.then(() => (returned = true), () => {});
    await tick();
    expect(returned).toBe(false); // c is still in its handler
    await run.end('c');
    const outcome = await run.outcome;
    expect(outcome.committed).toBe(1);
    expect(outcome.started).toBe(3);
    expect(outcome.failure?.error).toEqual(new Error('insert failed'));
    expect(run.log.filter((line) => line.startsWith('commit'))).toEqual(['commit a']);
  });

  it('when a commit fails, stops there: later handled chunks stay uncommitted', async () => {
    const run = scripted(['a', 'b'], 2, { commit: async (chunk) => { if (chunk === 'a') throw new Error('rebalance'); } });
    await tick();
    await run.end('a');
    await run.end('b');
    expect(await run.outcome).toEqual({ committed: 0, started: 2, failure: { error: new Error('rebalance') } });
  });

  it('when told to stop, starts nothing more and ends once the started chunks are committed', async () => {
    let going = true;
    const run = scripted(['a', 'b', 'c'], 1, { keepGoing: () => going });
    await tick();
    going = false;
    await run.end('a');
    expect(await run.outcome).toEqual({ committed: 1, started: 1 });
    expect(run.started()).toEqual(['a']);
  });
});
