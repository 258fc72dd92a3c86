/** The label values of one series of `http_request_duration_seconds`. */
type SeriesLabels = { route: string; method: string; status: string };
type Series = { labels: SeriesLabels; counts: Float64Array; sum: number; count: number };
type Value = { labels: Record<string, string | number>; value: number; metricName: string };

/** Methods counted by name; any other a client invents is "other", so labels stay few. */
const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * `http_request_duration_seconds{route,method,status}`, a Prometheus histogram whose
 * observations are a few additions into arrays kept per series. prom-client's own histogram
 * validates and hashes the labels on every observation, even through a labelled child, which
 * was a measurable share of a kept answer's 30 µs (bench/RESULTS.md). This object has the
 * shape prom-client's registry asks of a metric (`name`, `help`, `type`, `get`), so it is
 * registered and scraped like any other; the text it gives is prom-client's for a histogram.
 */
export class RequestDurations {
  readonly name = "http_request_duration_seconds";
  readonly help =
    "Time from a request's arrival to the end of its answer, by React Router route id";
  readonly type = "histogram";
  readonly aggregator = "sum";
  // Route id → (status × 8 + method index) → series: number keys, no string built per request.
  readonly #series = new Map<string, Map<number, Series>>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(route: string, method: string | undefined, status: number, seconds: number): void {
    let byRoute = this.#series.get(route);
    if (!byRoute) this.#series.set(route, (byRoute = new Map()));
    const known = KNOWN_METHODS.indexOf(method ?? "");
    const key = status * 8 + (known === -1 ? KNOWN_METHODS.length : known);
    let series = byRoute.get(key);
    if (!series) {
      const labels = { route, method: known === -1 ? "other" : method!, status: String(status) };
      series = { labels, counts: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      byRoute.set(key, series);
    }
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= this.bounds[i]!) {
        series.counts[i]! += 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  /** The histogram as prom-client's registry reads a metric: cumulative buckets, sum, count. */
  get() {
    const values: Value[] = [];
    for (const byRoute of this.#series.values()) {
      for (const { labels, counts, sum, count } of byRoute.values()) {
        let below = 0;
        this.bounds.forEach((le, i) => {
          below += counts[i]!;
          values.push({
            labels: { le, ...labels },
            value: below,
            metricName: `${this.name}_bucket`,
          });
        });
        values.push({
          labels: { le: "+Inf", ...labels },
          value: count,
          metricName: `${this.name}_bucket`,
        });
        values.push({ labels, value: sum, metricName: `${this.name}_sum` });
        values.push({ labels, value: count, metricName: `${this.name}_count` });
      }
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }

  reset(): void {
    this.#series.clear();
  }
}
