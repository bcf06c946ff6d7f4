import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../lib/app-error";

export interface MetricsOptions {
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Read at scrape time: things only the database knows, like the outbox backlog. */
  collectors: Record<string, () => Promise<number> | number>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Prometheus metrics: request counts and latency by route, plus the gauges the app reports. */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
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
  for (const [name, read] of Object.entries(options.collectors)) {
    new Gauge({
      name,
      help: name.replaceAll("_", " "),
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
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
