import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A route hook for answers that carry personal data: no browser or proxy keeps a copy. Set at the
 * start of the request, so refusals (429, 403) carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}
