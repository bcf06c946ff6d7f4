import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";
import { fromOtherSite, isForeignOrigin } from "../lib/foreign-origin";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** True when a string anywhere in a parsed body, query or path holds a NUL character. */
function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000") || hasNulCharacter(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * A post whose Origin the browser hid ('null', as Chromium sends under no-referrer) to a route that
 * takes a form of the server's own pages, and that the browser does not call cross-site: a
 * browser that sends Sec-Fetch-Site must say same-origin; one that sends none leaves the check to
 * the route's signed page token.
 */
function isOwnPageFormPost(request: FastifyRequest): boolean {
  if (!request.routeOptions.config?.acceptsOwnPageForm || request.headers.origin !== "null") return false;
  const site = request.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin";
}

/**
 * Security headers with a strict Content-Security-Policy, and a refusal of writes sent from other
 * sites: the cookie is SameSite=Lax, and this closes the rest (same-site subdomains, old browsers).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string; isSecure: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          // React sets inline style attributes (progress bar widths).
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", "ws:", "wss:"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          ...(options.isSecure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: options.isSecure,
      frameguard: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    });

    const allowedOrigin = new URL(options.publicUrl).origin;
    app.addHook("onRequest", async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      if (isOwnPageFormPost(request)) return;
      if (isForeignOrigin(request, allowedOrigin) || request.headers["sec-fetch-site"] === "cross-site") {
        throw fromOtherSite();
      }
    });

    // PostgreSQL text cannot hold NUL: such input is refused here, before it could fail a query.
    app.addHook("preValidation", async (request) => {
      if (
        hasNulCharacter(request.params) ||
        hasNulCharacter(request.query) ||
        hasNulCharacter(request.body)
      ) {
        throw new AppError("invalid_input", "The request contains a character that is not allowed.");
      }
    });
  },
);
