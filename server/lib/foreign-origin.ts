import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error";

/**
 * True when the request names an Origin that is neither the app's public one nor the host it
 * reached: a write from another site, or a live socket opened by another site's page. A request
 * without an Origin (a same-origin GET, a script) is not foreign by this test.
 */
export function isForeignOrigin(request: FastifyRequest, allowedOrigin: string): boolean {
  const origin = request.headers.origin;
  return (
    origin !== undefined && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`
  );
}

/** The refusal of a request that came from another site. */
export const fromOtherSite = () => new AppError("forbidden", "Requests from other sites are not allowed.");
