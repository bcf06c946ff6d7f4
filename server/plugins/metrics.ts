import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../lib/app-error";

/** The registry, with the figures parts of the app report as they happen (delivery lag). */
export interface AppMetrics {
  registry: Registry;
  /** Seconds from an instance hearing of new live events to writing them to the socket. */
  observeLiveDeliveryLag(seconds: number): void;
}

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const lag = new Histogram({
    name: "live_delivery_lag_seconds",
    help: "Seconds from hearing of new live events to writing them to a socket",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, observeLiveDeliveryLag: (seconds) => lag.observe(seconds) };
}

export interface MetricsOptions {
  metrics: AppMetrics;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * Without a token, whether anyone may read the figures (development and tests), or only a scraper
   * on this machine (production): to everyone else the route does not exist.
   */
  isOpenWithoutToken: boolean;
  /** Read at scrape time: things only the database knows, like the outbox backlog. */
  collectors: Record<string, { help: string; read: () => Promise<number> | number }>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A scraper on this machine: the connection comes from loopback and nothing forwarded it. A reverse
 * proxy on the same machine connects from loopback too, but says whom it forwards for; its clients
 * are never taken for a local scraper, whatever TRUST_PROXY says.
 */
function isLocalScraper(request: FastifyRequest): boolean {
  const isForwarded =
    request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !isForwarded && LOOPBACK.test(request.socket.remoteAddress ?? "");
}

/**
 * Prometheus metrics at GET /metrics: request counts and latency by route, the process's own
 * figures, live delivery lag, and gauges read at scrape time (sockets, outbox, database pool).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const { registry } = options.metrics;
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by route, method and status",
    labelNames: ["route", "method", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  for (const [name, { help, read }] of Object.entries(options.collectors)) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  app.addHook("onResponse", async (request, reply) => {
    // The route pattern, never the raw URL: ids would make a label per record.
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  app.get("/metrics", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (options.token) {
      const header = request.headers.authorization ?? "";
      if (!sameSecret(header, `Bearer ${options.token}`))
        throw new AppError("unauthenticated", "A metrics token is required.");
    } else if (!options.isOpenWithoutToken && !isLocalScraper(request)) {
      throw new AppError("not_found", "Not found.");
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
