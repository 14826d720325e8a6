// Every request counted and timed at the cost of a few array writes, and handed to prom-client only
// when /metrics is scraped. prom-client's own inc() and observe() validate and hash their labels on
// every call: with the 'finish' closure they cost ~12 us a request, an eighth of a 20-icon batch
// (bench/README.md, 2026-11-25); these tallies cost well under one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, type Histogram, type MetricValueWithName, type Registry } from 'prom-client';

export const ROUTE_CLASSES = ['rest', 'graphql', 'token', 'health', 'metrics', 'page', 'iconify', 'other'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'other'] as const;
const METHOD_INDEX = new Map<string, number>(METHODS.map((method, i) => [method, i]));
const OTHER_METHOD = METHODS.length - 1;
/** Status classes 1xx to 5xx (index 0 to 4); anything else counts as 5xx. */
const STATUS_CLASSES = 5;
const ROUTE_INDEX = new Map<string, number>(ROUTE_CLASSES.map((route, i) => [route, i]));

/** Seconds: the upper bounds of the duration histogram's buckets. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// What a response carries from its arrival to its 'finish' (one listener function for all).
const STARTED = Symbol('started');
const TALLIES = Symbol('tallies');
const ROUTE = Symbol('route');
const METHOD = Symbol('method');
interface Observed extends ServerResponse {
  [STARTED]: number;
  [TALLIES]: RequestTallies;
  [ROUTE]: number;
  [METHOD]: number;
}

function finished(this: Observed): void {
  this[TALLIES].add(this[ROUTE], this[METHOD], this.statusCode, (performance.now() - this[STARTED]) / 1000);
}

export class RequestTallies {
  /** Requests by route, method and status class. */
  private readonly counts = new Float64Array(ROUTE_CLASSES.length * METHODS.length * STATUS_CLASSES);
  /** Per route: requests per bucket (the last: above every bound), and the sum of their seconds. */
  private readonly buckets = new Float64Array(ROUTE_CLASSES.length * (DURATION_BUCKETS.length + 1));
  private readonly sums = new Float64Array(ROUTE_CLASSES.length);

  /** Counts the request and times it when its response finishes. */
  observe(req: IncomingMessage, res: ServerResponse, route: RouteClass): void {
    const observed = res as Observed;
    observed[STARTED] = performance.now();
    observed[TALLIES] = this;
    observed[ROUTE] = ROUTE_INDEX.get(route)!;
    observed[METHOD] = METHOD_INDEX.get(req.method ?? '') ?? OTHER_METHOD;
    res.on('finish', finished);
  }

  add(route: number, method: number, status: number, seconds: number): void {
    const statusClass = Math.min(Math.max(Math.floor(status / 100), 1), STATUS_CLASSES) - 1;
    this.counts[(route * METHODS.length + method) * STATUS_CLASSES + statusClass]++;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket++;
    this.buckets[route * (DURATION_BUCKETS.length + 1) + bucket]++;
    this.sums[route] += seconds;
  }

  /** `iconmeta_http_requests_total` and `iconmeta_http_request_duration_seconds`, read from these tallies at each scrape. */
  register(registry: Registry): void {
    const { counts } = this;
    new Counter({
      name: 'iconmeta_http_requests_total',
      help: 'HTTP requests answered, by route class, method and status class',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (let i = 0; i < counts.length; i++) {
          if (counts[i] === 0) continue;
          const status = i % STATUS_CLASSES;
          const method = Math.floor(i / STATUS_CLASSES) % METHODS.length;
          const route = Math.floor(i / STATUS_CLASSES / METHODS.length);
          this.inc({ route: ROUTE_CLASSES[route], method: METHODS[method], status: `${status + 1}xx` }, counts[i]);
        }
      },
    });
    registry.registerMetric(talliedDurations(this.buckets, this.sums));
  }
}

/**
 * The duration histogram as prom-client's registry reads a metric (name, help, type, get, reset),
 * its values those of the tallies: prom-client's Histogram has no way to take counts in bulk.
 */
function talliedDurations(buckets: Float64Array, sums: Float64Array): Histogram {
  const name = 'iconmeta_http_request_duration_seconds';
  const perRoute = DURATION_BUCKETS.length + 1;
  const help = 'Time from a request arriving to its response finishing, by route class';
  const get = async () => {
    const values: MetricValueWithName<string>[] = [];
    for (const [r, route] of ROUTE_CLASSES.entries()) {
      const total = buckets.subarray(r * perRoute, (r + 1) * perRoute).reduce((sum, count) => sum + count, 0);
      if (total === 0) continue; // a route never asked for is left out, as prom-client does
      let below = 0;
      for (const [b, bound] of DURATION_BUCKETS.entries()) {
        below += buckets[r * perRoute + b];
        values.push({ metricName: `${name}_bucket`, labels: { le: bound, route }, value: below });
      }
      values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', route }, value: total });
      values.push({ metricName: `${name}_sum`, labels: { route }, value: sums[r] });
      values.push({ metricName: `${name}_count`, labels: { route }, value: total });
    }
    return { name, help, type: 'histogram', aggregator: 'sum', values };
  };
  const reset = () => (buckets.fill(0), sums.fill(0));
  return { name, help, type: 'histogram', aggregator: 'sum', get, reset } as unknown as Histogram;
}
