/** The part of autocannon's API the harness uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Options {
    url: string;
    method?: 'POST' | 'GET';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    overallRate?: number;
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
