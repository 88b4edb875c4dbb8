import autocannon from 'autocannon';
import { chatBody, type Side } from './sides.js';

export interface LoadStep {
  offered: number;
  /** 2xx answers per second actually served. */
  achieved: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  failures: number;
}

/** autocannon keeps one request in flight per connection; past this many the client is the limit. */
const MAX_CONNECTIONS = 1_000;

/**
 * Requests in flight per request a second: the offered rate holds until the mean latency passes
 * 250 ms (p99 is then near the frontier's 1 s limit). More connections would keep the loop open
 * longer, but on a shared core the load generator drowns in idle sockets: at one connection per
 * req/s the direct side itself failed at 750 req/s.
 */
const IN_FLIGHT_SECONDS = 0.25;

/**
 * Offers `rate` requests per second for `seconds` with autocannon's rate limiter, which corrects
 * for coordinated omission (a late answer counts the wait of every request it held back).
 */
export async function offerLoad(side: Side, delayMs: number, rate: number, seconds: number): Promise<LoadStep> {
  const inFlightSeconds = Math.max(IN_FLIGHT_SECONDS, (delayMs / 1000) * 2);
  const connections = Math.min(MAX_CONNECTIONS, Math.max(8, Math.ceil(rate * inFlightSeconds)));
  const result = await autocannon({
    url: side.url(delayMs),
    method: 'POST',
    headers: side.headers,
    body: chatBody(delayMs, false),
    connections,
    overallRate: rate,
    duration: seconds,
    timeout: 5,
  });
  return { offered: rate, achieved: result['2xx'] / result.duration, p99Ms: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

/** The frontier's rule: p99 under a second, nothing failed, and the offered rate was served. */
export const sustained = (step: LoadStep) => step.failures === 0 && step.p99Ms < 1_000 && step.achieved >= step.offered * 0.95;
