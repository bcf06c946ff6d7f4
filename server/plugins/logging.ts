import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Logger, LoggerOptions } from "pino";
import { type TrustProxy, trustedPeerCheck } from "../config/trust-proxy";
import { serializeError } from "../lib/loggable-error";

export const REQUEST_ID_HEADER = "x-request-id";

/** An id a load balancer may pass along: long enough to be one, short, and nothing that could forge a log line. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's id: a well-formed incoming X-Request-Id when a trusted proxy (TRUST_PROXY) passed it
 * on, so one id follows the request through the load balancer's log and ours; else a new one. A
 * client that connects directly never chooses its id, so it cannot make its lines pass for another
 * request's or collide with them.
 */
export function requestIdReader(trust: TrustProxy): (request: IncomingMessage) => string {
  const isTrustedPeer = trustedPeerCheck(trust);
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return typeof incoming === "string" &&
      WELL_FORMED_REQUEST_ID.test(incoming) &&
      isTrustedPeer(request.socket.remoteAddress)
      ? incoming
      : randomUUID();
  };
}

/**
 * An address: a local part of up to 64 characters, "@" or "%40", and up to ten dotted labels. The
 * lookbehind starts a match only where a run of address characters starts, and every part is
 * bounded, so each position costs a bounded amount of work: masking is linear in the line's
 * length, whatever the line holds (an unanchored pattern retried every local part from each
 * character of a long run, about a second for a 16 KB URL without "@").
 */
const EMAIL =
  /(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{0,63}(@|%40)((?:[A-Za-z0-9-]{1,63}\.){1,10}[A-Za-z]{2,24})/g;

/** "priya.sharma@example.in" -> "p***@example.in": enough to tell accounts apart, not to mail them. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (_match, first: string, _at: string, domain: string) => `${first}***@${domain}`);
}

/** Query parameters whose values never reach the log. */
const SECRET_QUERY_KEYS = new Set(["token", "password", "email", "search"]);

/** How much of a URL is logged; the rest is cut, and the line says how much was. */
export const LOGGED_URL_MAX_LENGTH = 2048;
const ADDRESS_CHARACTER = /[A-Za-z0-9._%+@-]/;

/**
 * The first LOGGED_URL_MAX_LENGTH characters, without a trailing run of address characters: an
 * address cut in two ("priya@example.i") would no longer look like one to maskEmails.
 */
function cutUrl(url: string): string {
  if (url.length <= LOGGED_URL_MAX_LENGTH) return url;
  let end = LOGGED_URL_MAX_LENGTH;
  while (end > 0 && ADDRESS_CHARACTER.test(url.charAt(end - 1))) end--;
  return `${url.slice(0, end)}...[cut: ${url.length} characters]`;
}

/** A URL for the log: secret query values replaced, cut to about 2 KB, e-mail addresses masked. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return maskEmails(cutUrl(url));
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of new Set(query.keys())) {
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) query.set(key, "[redacted]");
  }
  return maskEmails(cutUrl(`${url.slice(0, queryStart)}?${query.toString()}`));
}

/** The request id of the request whose work is running, for log lines written outside request.log. */
const requestContext = new AsyncLocalStorage<string>();
/** The app-wide loggers (not a request's own, which names its request already). */
const appLoggers = new WeakSet<object>();

/**
 * JSON lines. Cookies, authorization headers, passwords and tokens are redacted wherever they
 * appear in a logged object, and e-mail addresses are masked in every line written.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["x-metrics-token"]',
        'res.headers["set-cookie"]',
        "headers.cookie",
        "headers.authorization",
        "cookie",
        "password",
        "currentPassword",
        "newPassword",
        "confirmPassword",
        "token",
        "link",
        "*.password",
        "*.currentPassword",
        "*.newPassword",
        "*.confirmPassword",
        "*.token",
        "*.cookie",
        "*.link",
      ],
      censor: "[redacted]",
    },
    serializers: {
      // A failed query is logged by its statement and SQLSTATE, never with its parameters.
      err: serializeError,
      error: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    // Work done for a request but logged through the app's logger still names the request.
    mixin(_object, _level, logger: Logger) {
      const requestId = appLoggers.has(logger) ? requestContext.getStore() : undefined;
      return requestId ? { reqId: requestId } : {};
    },
    hooks: { streamWrite: maskEmails },
  };
}

/** Echoes the request id in the response and keeps it with the request's asynchronous work. */
export const requestLogging = fp(async (app: FastifyInstance) => {
  appLoggers.add(app.log);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run(request.id, done);
  });
});
