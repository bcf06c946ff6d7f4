import http from "node:http";
import net from "node:net";

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Requests and socket upgrades each target has taken, by its base URL. */
  served: Map<string, { requests: number; upgrades: number }>;
  close(): Promise<void>;
}

/**
 * A small load balancer for tests: each HTTP request and each WebSocket upgrade goes to the next
 * instance in turn (requests and upgrades each in their own turn), with X-Forwarded-For set. An instance that refuses the connection (stopped)
 * is skipped, as a load balancer's health check would, so clients reconnect to another one.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const served = new Map(targets.map((target) => [target, { requests: 0, upgrades: 0 }]));
  const sockets = new Set<net.Socket>();
  // Requests and upgrades take turns separately, so consecutive sockets always alternate, however
  // many plain requests came between them.
  const turns = { request: 0, upgrade: 0 };
  /** The targets in the order to try them for one request or upgrade. */
  const rotation = (kind: keyof typeof turns) => {
    const start = turns[kind]++ % targets.length;
    return targets.map((_, i) => targets[(start + i) % targets.length] as string);
  };
  const forwardedFor = (request: http.IncomingMessage) =>
    [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", ");

  const server = http.createServer(async (request, response) => {
    // Bodies are small here; buffering one lets a refused connection be retried elsewhere.
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = { ...request.headers, "x-forwarded-for": forwardedFor(request) };

    const tryTarget = (order: string[]) => {
      const target = order[0];
      if (!target) {
        response.writeHead(502).end("no instance answered");
        return;
      }
      const upstream = http.request(
        new URL(request.url ?? "/", target),
        { method: request.method, headers, agent: false },
        (answer) => {
          const counts = served.get(target);
          if (counts) counts.requests += 1;
          response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(response);
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && !response.headersSent) tryTarget(order.slice(1));
        else response.destroy(error);
      });
      upstream.end(body);
    };
    tryTarget(rotation("request"));
  });

  server.on("upgrade", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    const headers = { ...request.headers, "x-forwarded-for": forwardedFor(request) };
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value])
        if (one !== undefined) lines.push(`${name}: ${one}`);
    }
    const raw = `${lines.join("\r\n")}\r\n\r\n`;

    const tryTarget = (order: string[]) => {
      const target = order[0];
      if (!target) {
        client.end("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n");
        return;
      }
      const { hostname, port } = new URL(target);
      const upstream = net.connect({ host: hostname, port: Number(port) });
      sockets.add(upstream);
      upstream.on("close", () => sockets.delete(upstream));
      upstream.once("connect", () => {
        const counts = served.get(target);
        if (counts) counts.upgrades += 1;
        upstream.write(raw);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        upstream.on("close", () => client.destroy());
        client.on("close", () => upstream.destroy());
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && upstream.bytesWritten === 0) tryTarget(order.slice(1));
        else client.destroy();
      });
    };
    tryTarget(rotation("upgrade"));
  });

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
