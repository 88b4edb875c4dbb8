import type { Metric, Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket, not cumulative; the exposition adds them up. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** One line of the exposition, as prom-client's Histogram hands it to the registry (`le` is the bound, a number, or +Inf). */
interface ValuePair {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * A Prometheus histogram of one label and fixed buckets, for the relay's per-call timings.
 * prom-client's Histogram hashes and validates the label set on every `observe` (about 0.9 µs,
 * two a relayed call: about 1% of the relay's CPU, issue #37); this one keeps a series per label
 * value in a Map and counts into an array. It hands the registry the values prom-client's
 * Histogram does (`getForPromString`, `get`), in the same order, so /metrics reads the same
 * (fixed-histogram.unit.test.ts compares the two).
 */
export class FixedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelName: string,
    private readonly upperBounds: readonly number[],
    registers: Registry[],
  ) {
    for (const registry of registers) registry.registerMetric(this as unknown as Metric);
  }

  observe(labelValue: string, value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    let series = this.series.get(labelValue);
    if (!series) {
      series = { labels: { [this.labelName]: labelValue }, buckets: new Float64Array(this.upperBounds.length), sum: 0, count: 0 };
      this.series.set(labelValue, series);
    }
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] ?? Number.POSITIVE_INFINITY)) {
        series.buckets[i] = (series.buckets[i] ?? 0) + 1;
        break;
      }
    }
    series.sum += value;
    series.count += 1;
  }

  /** What prom-client's Histogram gives its registry: the buckets (cumulative), +Inf, sum and count of each series. */
  getForPromString(): { name: string; help: string; type: 'histogram'; values: ValuePair[]; aggregator: 'sum' } {
    const values: ValuePair[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((bound, i) => {
        cumulative += buckets[i] ?? 0;
        values.push({ labels: { le: bound }, sharedLabels: labels, value: cumulative, metricName: `${this.name}_bucket`, exemplar: null });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${this.name}_bucket`, exemplar: null });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (`registry.getMetricsAsJSON`): each value's series labels folded into its own, as prom-client does. */
  async get(): Promise<ReturnType<FixedHistogram['getForPromString']>> {
    const data = this.getForPromString();
    const values = data.values.map(({ sharedLabels = {}, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } }));
    return { ...data, values };
  }

  reset(): void {
    this.series.clear();
  }
}
