/**
 * What a fetch's chunks came to: how many were handled and committed (a prefix, in order), how
 * many handlers were started, and the first failure, if any.
 */
export interface ChunksOutcome {
  committed: number;
  started: number;
  failure?: { error: unknown };
}

export interface ChunkSteps<C> {
  /** How many chunks may be in their handler at once: 1 handles them one after the other. */
  inFlight: number;
  /** Asked before each start: false (a consumer stopping or losing the partition) starts no more. */
  keepGoing(): boolean;
  handle(chunk: C): Promise<void>;
  /** Runs once the chunk's handler and every earlier chunk's commit resolved. */
  commit(chunk: C): Promise<void>;
}

type Settled = { ok: true } | { ok: false; error: unknown };

/**
 * Handles chunks in order, the next chunk's handler starting while the previous one's is still
 * running (up to `inFlight` at once: while one batch is inserted, the next is parsed and its
 * rows built), and commits each chunk only after its handler and every earlier commit resolved:
 * committed offsets never pass an event whose handler has not finished. On the first failure it
 * stops starting chunks, waits for those started (nothing runs after it returns, so a rebalance
 * or stop() never overlaps a handler), and reports the committed prefix: the caller redelivers
 * from the first uncommitted chunk, whose later chunks may have been handled already (they come
 * again as may-repeat).
 */
export async function handleChunksInOrder<C>(chunks: readonly C[], steps: ChunkSteps<C>): Promise<ChunksOutcome> {
  const running: Promise<Settled>[] = [];
  let started = 0;
  let committed = 0;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  while (committed < chunks.length) {
    while (!stopped && started < chunks.length && started - committed < Math.max(1, steps.inFlight)) {
      const chunk = chunks[started] as C;
      if (!steps.keepGoing()) {
        stopped = true;
        break;
      }
      running.push(settle(steps.handle(chunk)));
      started++;
    }
    if (committed === started) break;
    const settled = await (running[committed] as Promise<Settled>);
    if (settled.ok) {
      const commit = await settle(steps.commit(chunks[committed] as C));
      if (commit.ok) {
        committed++;
        continue;
      }
      failure = { error: commit.error };
    } else {
      failure = { error: settled.error };
    }
    break;
  }
  await Promise.all(running.slice(committed));
  return failure ? { committed, started, failure } : { committed, started };
}

function settle(work: Promise<void>): Promise<Settled> {
  return work.then(
    () => ({ ok: true }) as const,
    (error: unknown) => ({ ok: false, error }) as const,
  );
}
