import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { chatBody, type Side } from './sides.js';
import { quantile } from '../stats.js';

export interface LoadStep {
  offered: number;
  /** 2xx answers per second actually served. */
  achieved: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  failures: number;
}

/** Sockets the generator may open to one side; requests beyond them queue in the pool (and their wait counts). */
const MAX_CONNECTIONS = 1_000;
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Offers `rate` requests per second for `seconds`, open loop and evenly paced: request i is due
 * at start + i/rate whether or not earlier ones were answered, and its latency runs from when it
 * was due, so a backlog (in the side or in the generator) is counted, not hidden.
 *
 * Why not autocannon's `overallRate`: its limiter sends each second's whole budget at once and
 * then waits for the next second (autocannon issue #174), so "250 req/s" is a burst of 250
 * requests every second, and the p99 measured the burst's queue rather than the rate.
 */
export async function offerLoad(side: Side, delayMs: number, rate: number, seconds: number): Promise<LoadStep> {
  const url = new URL(side.url(delayMs));
  const pool = new Pool(url.origin, { connections: MAX_CONNECTIONS, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
  const body = chatBody(delayMs, false);
  const latencies: number[] = [];
  let failures = 0;
  let lastAnswerAt = 0;
  const send = async (dueAt: number) => {
    try {
      const response = await pool.request({ path: url.pathname, method: 'POST', headers: side.headers, body });
      await response.body.text();
      if (response.statusCode >= 200 && response.statusCode < 300) latencies.push(performance.now() - dueAt);
      else failures++;
    } catch {
      failures++;
    }
    lastAnswerAt = performance.now();
  };
  const total = Math.round(rate * seconds);
  const intervalMs = 1_000 / rate;
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; sent < total; ) {
    const due = Math.min(total, Math.floor((performance.now() - startedAt) / intervalMs) + 1);
    for (; sent < due; sent++) inFlight.push(send(startedAt + sent * intervalMs));
    await sleep(1);
  }
  await Promise.all(inFlight);
  await pool.close();
  const elapsedSeconds = Math.max(seconds, (lastAnswerAt - startedAt) / 1_000);
  return { offered: rate, achieved: latencies.length / elapsedSeconds, p99Ms: Math.round(quantile(latencies, 0.99)), failures };
}

/** The frontier's rule: p99 under a second, nothing failed, and the offered rate was served. */
export const sustained = (step: LoadStep) => step.failures === 0 && step.p99Ms < 1_000 && step.achieved >= step.offered * 0.95;
