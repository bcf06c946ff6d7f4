import fs from "node:fs/promises";
import type { Socket } from "node:net";
import path from "node:path";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";
import { serializeError } from "../lib/loggable-error";
import { isPageRequest } from "./spa";

/** The first validation message is the one the spec shows; zod refinements carry it. */
function firstValidationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return "The request is not valid.";
  const field = first.instancePath?.replace(/^\//, "").replaceAll("/", ".");
  const message = first.message ?? "is not valid";
  // zod's own wording for type errors is cryptic; name the field instead.
  if (/^Invalid input|^Too (big|small)|^Unrecognized/i.test(message) && field) {
    return `The field '${field}' is not valid.`;
  }
  return message;
}

const CODES_BY_STATUS: Record<number, string> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** PostgreSQL's "this text cannot be stored" errors (bad encoding, a character it has no place for). */
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);

/** True when the error, or one it wraps, is PostgreSQL refusing the text it was given. */
function isUnstorableText(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return (typeof code === "string" && UNSTORABLE_TEXT_CODES.has(code)) || isUnstorableText(cause, depth + 1);
}

/**
 * One error shape for every failure: `{error: {code, message}}`. Client mistakes keep their own
 * words; anything unexpected is logged in full and answered with a plain 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply
        .code(error.status)
        .send({ error: { ...error.extra, code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply
        .code(400)
        .send({ error: { code: "invalid_input", message: firstValidationMessage(error) } });
    }
    if (isUnstorableText(error)) {
      return reply.code(400).send({
        error: { code: "invalid_input", message: "The request contains a character that is not allowed." },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODES_BY_STATUS[status] ?? "invalid_input";
      const message =
        status === 413
          ? "The request is too large."
          : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "This content type is not supported."
            : error.code?.startsWith("FST_ERR_CTP")
              ? "The request body is not valid JSON."
              : error.message;
      return reply.code(status).send({ error: { code, message } });
    }
    // Reduced here, not only by the logger's serializer: a failed query's parameters never leave.
    request.log.error({ err: serializeError(error) }, "request failed");
    return reply
      .code(500)
      .send({ error: { code: "internal", message: "Something went wrong on our side. Please try again." } });
  });
});

/**
 * Errors the router raises before any route or error handler runs (a path that is not valid
 * percent-encoded UTF-8): the same 400 and error shape as every other bad request. With the built
 * app in `webRoot`, a page's address (a cut or mistyped /item/... link) gets the app with that
 * status instead, so the person sees the app's own 'not found' screen rather than a line of JSON.
 * (Plugins' reply decorations such as sendFile do not exist yet at this stage.)
 */
export function frameworkErrorsFor(webRoot?: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    const asJson = () =>
      reply.code(status).send({ error: { code: "invalid_input", message: "The address is not valid." } });
    if (!webRoot || !isPageRequest(request)) {
      void asJson();
      return;
    }
    fs.readFile(path.join(webRoot, "index.html")).then(
      (page) => reply.code(status).header("cache-control", "no-cache").type("text/html").send(page),
      () => asJson(),
    );
  };
}

/** Node's own refusals before a request reaches Fastify, as status, code and message. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return [408, "request_timeout", "The request took too long to arrive. Please try again."];
  if (code === "HPE_HEADER_OVERFLOW")
    return [431, "invalid_input", "The request's address or headers are too large."];
  return [400, "invalid_input", "The request is not valid HTTP."];
}

/**
 * Errors Node raises on a connection before or while reading a request: a body that did not arrive
 * within the request timeout (408), headers too large (431), malformed HTTP (400). Answered in the
 * API's error shape, and the connection is closed: what it would carry next cannot be trusted.
 */
export function clientErrors(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket & { _httpMessage?: { headersSent?: boolean } | null },
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] = clientErrorAnswer(error.code);
  this.log.debug({ err: error, status }, "client error");
  // A response already started cannot take a second status line.
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};
