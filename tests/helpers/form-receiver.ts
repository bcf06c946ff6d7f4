import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** What the receiver does with its nth request (1-based): answer 200, answer 500, or never answer. */
export type ReceiverAnswer = "ok" | "fail" | "hang";

export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** The multipart fields in the order they came, each with its text (files are not expected). */
  fields: [string, FormDataEntryValue][];
  answer: ReceiverAnswer;
  /** When the whole request had arrived (Date.now()). */
  at: number;
}

export interface FormReceiver {
  url: string;
  /** Every request, oldest first, including the failed and the unanswered ones. */
  received: ReceivedRequest[];
  /** The requests answered 200: the copies the form service accepted. */
  accepted(): ReceivedRequest[];
  close(): Promise<void>;
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

/**
 * A stand-in for the external form-collection service: a real HTTP server on 127.0.0.1 that reads
 * each multipart POST as the Fetch API would and answers as `answer` says for that request.
 */
export async function startFormReceiver(
  answer: (n: number) => ReceiverAnswer = () => "ok",
): Promise<FormReceiver> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let fields: [string, FormDataEntryValue][] = [];
    try {
      const form = await new Request("http://receiver.test/", {
        method: "POST",
        headers: toHeaders(request.headers),
        body,
      }).formData();
      fields = [...form.entries()];
    } catch {
      // Not multipart: recorded with no fields, so the test sees it.
    }
    const what = answer(received.length + 1);
    received.push({
      method: request.method ?? "",
      headers: request.headers,
      fields,
      answer: what,
      at: Date.now(),
    });
    if (what === "hang") return; // the connection stays open until the client gives up or close()
    response.writeHead(what === "ok" ? 200 : 500, { "content-type": "application/json" });
    response.end(JSON.stringify(what === "ok" ? { ok: true } : { error: "unavailable" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/submit`,
    received,
    accepted: () => received.filter((r) => r.answer === "ok"),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: every connection is refused, as with a service that is down. */
export async function unreachableUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/submit`;
}
